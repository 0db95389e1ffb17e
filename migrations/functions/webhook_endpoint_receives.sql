-- Whether an endpoint gets an event of this type: enabled and subscribed to it (or to '*'), or,
-- for an event meant for one endpoint (only_endpoint), being that one. The one statement of the
-- rule: webhook_fan_out and record_webhook_events both make deliveries by it.
create or replace function webhook_endpoint_receives(ep webhook_endpoints, event_type text, only_endpoint text)
  returns boolean language sql stable parallel safe as $$
  select case when only_endpoint is null
    then ep.enabled and (ep.events @> array[event_type] or ep.events @> array['*'])
    else ep.id = only_endpoint end
$$;
