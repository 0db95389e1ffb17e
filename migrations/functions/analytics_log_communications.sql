-- Calls and SMS: the creation days of their leads and of the leads sharing their threads. FOR
-- SHARE waits for a concurrent change of such a lead and then reads its new created_at. The
-- triggers are named to fire after communications_channels_*, which already hold the rows' own
-- leads for update, so the lock adds nothing for them.
create or replace function analytics_log_communications(lead_ids text[], thread_ws text[], thread_ids text[]) returns void language sql as $$
  with touched as (
    select id from unnest(lead_ids) id
    union
    select c.lead_id from unnest(thread_ws, thread_ids) t(ws, thread)
    join communications c on c.workspace_id = t.ws and c.thread_id = t.thread
  ), locked as (
    select l.workspace_id, l.created_at from leads l
    where l.id in (select id from touched) and l.created_at < analytics_settled_before(now())
    for share
  )
  insert into analytics_changes (workspace_id, day, xid)
  select distinct workspace_id, (created_at at time zone 'UTC')::date, pg_current_xact_id() from locked
  on conflict do nothing
$$;
