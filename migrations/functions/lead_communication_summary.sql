-- Approved calls and SMS of the lead. The channel flags say when there are none, so most leads
-- never touch the communications table. plpgsql keeps its query plan per connection, where a SQL
-- function with a query would be planned again for every row of an INSERT or UPDATE.
create or replace function lead_communication_summary(l leads) returns json language plpgsql stable parallel safe as $$
begin
  if not (l.has_call or l.has_sms) then
    return '{"last_call_at":null,"last_sms_at":null,"call_count":0,"answered_call_count":0,"missed_call_count":0,'
           '"sms_inbound_count":0,"sms_outbound_count":0,"last_tracking_number":null,'
           '"last_communication_source":null,"last_communication_campaign":null}'::json;
  end if;
  return (
    select json_build_object(
      'last_call_at', api_time(max(started_at) filter (where channel = 'call')),
      'last_sms_at', api_time(max(started_at) filter (where channel = 'sms')),
      'call_count', count(*) filter (where channel = 'call'),
      'answered_call_count', count(*) filter (where channel = 'call' and status = 'answered'),
      'missed_call_count', count(*) filter (where channel = 'call' and status in ('missed', 'voicemail')),
      'sms_inbound_count', count(*) filter (where channel = 'sms' and direction = 'inbound'),
      'sms_outbound_count', count(*) filter (where channel = 'sms' and direction = 'outbound'),
      'last_tracking_number', (array_agg(json_build_object('label', tracking_label, 'phone_last4', tracking_phone_last4,
                                                           'national_format', tracking_national_format) order by started_at desc)
        filter (where coalesce(tracking_label, tracking_phone_last4, tracking_national_format) is not null))[1],
      'last_communication_source', (array_agg(source order by started_at desc) filter (where source is not null))[1],
      'last_communication_campaign', (array_agg(campaign order by started_at desc) filter (where campaign is not null))[1])
    from communications c
    where c.workspace_id = l.workspace_id and c.lead_id = l.id and c.approved);
end $$;
