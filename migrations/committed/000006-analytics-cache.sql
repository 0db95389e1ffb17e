--! Previous: sha1:c3c24beee378f83466606f06d5479df0e99f91d3
--! Hash: sha1:98a8c7a1180d77c867df4b6fced4ec4069d14dae
--! Message: analytics day cache

-- Attribution analytics read whole local days from a cache of per-day figures (storage/analyticsCache.ts
-- explains the design and proves the invalidation). Writes that touch a settled time (more than an
-- hour past) append its UTC date to analytics_changes with their transaction id; a cached day is
-- valid while no change of its UTC dates has an xid at or above the xmin of the snapshot it was
-- computed in. Writes that touch only the last hour log nothing, so creating leads and forms
-- costs one WHEN test per row, and page views stop at the type test.

-- Writes log the times before analytics_settled_before(now()), now() being their transaction's
-- start; the cache stores only days that end before it for every transaction it may not see.
create function analytics_settled_before(at timestamptz) returns timestamptz language sql immutable parallel safe
  as $$ select at - interval '1 hour' $$;

create table analytics_changes (
  workspace_id text not null,
  day date not null, -- a UTC date the change touches
  xid xid8 not null,
  primary key (workspace_id, day, xid)
);

-- The UTC dates of [lo, hi] that lie before analytics_settled_before(now()), logged under this
-- transaction. One plain insert per date: its plan is prepared once per session, which matters
-- when a bulk load of old rows calls this once per row.
create function analytics_log_span(ws text, lo timestamptz, hi timestamptz) returns void language plpgsql as $$
declare
  settled constant timestamptz := analytics_settled_before(now());
  d date := (lo at time zone 'UTC')::date;
begin
  if lo >= settled then return; end if;
  loop
    insert into analytics_changes (workspace_id, day, xid) values (ws, d, pg_current_xact_id()) on conflict do nothing;
    d := d + 1;
    exit when d > (least(hi, settled) at time zone 'UTC')::date;
  end loop;
end $$;

-- Leads: a change moves figures of the day the lead was created (and of its calls and SMS,
-- which are cached under that day too).
create function analytics_log_lead() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then perform analytics_log_span(old.workspace_id, old.created_at, old.created_at); end if;
  if tg_op <> 'DELETE' then perform analytics_log_span(new.workspace_id, new.created_at, new.created_at); end if;
  return null;
end $$;
create trigger leads_analytics_insert after insert on leads for each row
  when (new.created_at < analytics_settled_before(now())) execute function analytics_log_lead();
create trigger leads_analytics_update after update on leads for each row
  when ((old.created_at < analytics_settled_before(now()) or new.created_at < analytics_settled_before(now()))
        and (old.created_at, old.deleted_at, old.source, old.medium, old.campaign, old.stage_id, old.converted_at,
             old.sales_value, old.funnel_gap_summary)
            is distinct from (new.created_at, new.deleted_at, new.source, new.medium, new.campaign, new.stage_id,
                              new.converted_at, new.sales_value, new.funnel_gap_summary))
  execute function analytics_log_lead();
create trigger leads_analytics_delete after delete on leads for each row
  when (old.created_at < analytics_settled_before(now())) execute function analytics_log_lead();

-- Events: only form submissions count; a page view stops at the WHEN clause's type test.
create function analytics_log_form() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then perform analytics_log_span(old.workspace_id, old.occurred_at, old.occurred_at); end if;
  if tg_op <> 'DELETE' then perform analytics_log_span(new.workspace_id, new.occurred_at, new.occurred_at); end if;
  return null;
end $$;
create trigger events_analytics_insert after insert on events for each row
  when (new.type = 'form_submission' and new.occurred_at < analytics_settled_before(now())) execute function analytics_log_form();
create trigger events_analytics_update after update on events for each row
  when ((old.type = 'form_submission' or new.type = 'form_submission')
        and (old.occurred_at < analytics_settled_before(now()) or new.occurred_at < analytics_settled_before(now()))
        and (old.type, old.occurred_at, old.source, old.campaign) is distinct from (new.type, new.occurred_at, new.source, new.campaign))
  execute function analytics_log_form();
create trigger events_analytics_delete after delete on events for each row
  when (old.type = 'form_submission' and old.occurred_at < analytics_settled_before(now())) execute function analytics_log_form();

-- Spend: every UTC date its period covers.
create function analytics_log_spend() returns trigger language plpgsql as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    perform analytics_log_span(workspace_id, starts_at, ends_at) from (select distinct workspace_id, starts_at, ends_at from new_rows) s;
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    perform analytics_log_span(workspace_id, starts_at, ends_at) from (select distinct workspace_id, starts_at, ends_at from old_rows) s;
  end if;
  return null;
end $$;
create trigger spend_records_analytics_insert after insert on spend_records
  referencing new table as new_rows for each statement execute function analytics_log_spend();
create trigger spend_records_analytics_update after update on spend_records
  referencing new table as new_rows old table as old_rows for each statement execute function analytics_log_spend();
create trigger spend_records_analytics_delete after delete on spend_records
  referencing old table as old_rows for each statement execute function analytics_log_spend();

-- SMS of one thread from several leads are counted live, so the cache marks such threads; a new
-- message therefore touches the days of every lead already in its thread as well as its own.
create index communications_thread_idx on communications (workspace_id, thread_id, lead_id) where thread_id is not null;

-- Calls and SMS: the creation days of their leads and of the leads sharing their threads. FOR
-- SHARE waits for a concurrent change of such a lead and then reads its new created_at. The
-- triggers are named to fire after communications_channels_*, which already hold the rows' own
-- leads for update, so the lock adds nothing for them.
create function analytics_log_communications(lead_ids text[], thread_ws text[], thread_ids text[]) returns void language sql as $$
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
create function analytics_log_communication_rows() returns trigger language plpgsql as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    perform analytics_log_communications(array(select lead_id from new_rows where lead_id is not null),
      array(select workspace_id from new_rows where thread_id is not null), array(select thread_id from new_rows where thread_id is not null));
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    perform analytics_log_communications(array(select lead_id from old_rows where lead_id is not null),
      array(select workspace_id from old_rows where thread_id is not null), array(select thread_id from old_rows where thread_id is not null));
  end if;
  return null;
end $$;
create trigger communications_log_analytics_insert after insert on communications
  referencing new table as new_rows for each statement execute function analytics_log_communication_rows();
create trigger communications_log_analytics_update after update on communications
  referencing new table as new_rows old table as old_rows for each statement execute function analytics_log_communication_rows();
create trigger communications_log_analytics_delete after delete on communications
  referencing old table as old_rows for each statement execute function analytics_log_communication_rows();

-- One row per cached local day of a workspace in a timezone; [lo, hi) is the day in UTC.
-- sms_first_day/sms_last_day: the local days holding the first and last SMS of the threads of
-- the day's leads; sms_shared: one of those threads also has another lead's SMS.
create table analytics_days (
  id bigint generated always as identity primary key,
  workspace_id text not null references workspaces(id),
  timezone text not null,
  day date not null,
  lo timestamptz not null,
  hi timestamptz not null,
  snapshot_xmin xid8 not null,
  sms_first_day date,
  sms_last_day date,
  sms_shared boolean not null,
  computed_at timestamptz not null default now(),
  unique (workspace_id, timezone, day)
);

-- The figures of a cached day, grouped three ways (grain = grouping(source, campaign)): 0 by
-- source and campaign, 1 by source alone, 2 by campaign alone. `day` is the local day the
-- trends show (for calls and SMS, the day they started; the figures of leads created that day).
create table analytics_day_leads (
  day_id bigint not null references analytics_days(id) on delete cascade,
  grain smallint not null,
  day date not null,
  source text,
  campaign text,
  stage_id text not null,
  lead_count integer not null,
  conversion_count integer not null,
  funnel_gap_count integer not null,
  revenue numeric,
  sold_seconds numeric,
  min_medium text,
  max_medium text,
  medium_count integer not null
);
create index analytics_day_leads_idx on analytics_day_leads (day_id, grain);

create table analytics_day_gaps (
  day_id bigint not null references analytics_days(id) on delete cascade,
  grain smallint not null,
  source text,
  campaign text,
  stage text not null,
  n integer not null
);
create index analytics_day_gaps_idx on analytics_day_gaps (day_id, grain);

create table analytics_day_forms (
  day_id bigint not null references analytics_days(id) on delete cascade,
  grain smallint not null,
  day date not null,
  source text,
  campaign text,
  n integer not null
);
create index analytics_day_forms_idx on analytics_day_forms (day_id, grain);

create table analytics_day_spend (
  day_id bigint not null references analytics_days(id) on delete cascade,
  grain smallint not null,
  day date not null,
  source text,
  campaign text,
  automated_cents bigint not null,
  other_cents bigint not null
);
create index analytics_day_spend_idx on analytics_day_spend (day_id, grain);

-- Calls and SMS of the day's leads, whenever they started: `day` labels the trend,
-- started_day is the day whose [lo, hi) holds started_at (they differ only where a local
-- midnight happens twice).
create table analytics_day_communications (
  day_id bigint not null references analytics_days(id) on delete cascade,
  grain smallint not null,
  day date not null,
  started_day date not null,
  source text,
  campaign text,
  call_count integer not null,
  answered_call_count integer not null,
  missed_call_count integer not null,
  call_duration_seconds_total bigint not null,
  timed_call_count integer not null,
  sms_inbound_count integer not null,
  sms_outbound_count integer not null
);
create index analytics_day_communications_idx on analytics_day_communications (day_id, grain);

-- SMS threads of the day's leads, counted over all their messages.
create table analytics_day_sms_threads (
  day_id bigint not null references analytics_days(id) on delete cascade,
  grain smallint not null,
  source text,
  campaign text,
  inbound_thread_count integer not null,
  responded_thread_count integer not null
);
create index analytics_day_sms_threads_idx on analytics_day_sms_threads (day_id, grain);
