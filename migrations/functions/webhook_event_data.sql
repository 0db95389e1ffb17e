-- An event's data ({"object": …}) as JSON text: data_text since migration 24, data for the events
-- recorded before it; null while the event waits to be rendered (webhook_event_render). The one
-- statement of where an event's data is: the API, deliveries and the render task read it here.
create or replace function webhook_event_data(e webhook_events) returns text
language sql immutable parallel safe as $$
  select coalesce(e.data_text, e.data::text)
$$;
