-- Whether each lead has an approved call / SMS (leads.has_call, has_sms), so the
-- communication_channel filter is an indexed column, not a join over every lead.
create or replace function set_lead_channels(ids text[]) returns void language sql as $$
  update leads l set
    has_call = exists (select 1 from communications c where c.lead_id = l.id and c.channel = 'call' and c.approved),
    has_sms = exists (select 1 from communications c where c.lead_id = l.id and c.channel = 'sms' and c.approved)
  where l.id = any(ids)
$$;
