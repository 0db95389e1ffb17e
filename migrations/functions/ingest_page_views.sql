-- Records a batch of page views in the caller's transaction (storage/pageViews.ts), each as it
-- would be recorded alone, in the items' order:
--   1. its Idempotency-Key passes the gate; a key met earlier in the batch is 'held', as it
--      would be by a concurrent request (the transaction's advisory locks do not block itself);
--   2. the event is inserted unless its external_event_id is taken in the workspace (a twin in
--      flight elsewhere is waited for);
--   3. a new event's touch becomes its session's first touch unless the session was seen as early.
--      The earliest page view wins, so one that arrives late but happened first replaces it;
--      a session already seen as early is left alone rather than locked for nothing.
-- One row per item, in order: the gate's verdict and, when open, the event under that
-- external_event_id (the new one, or the one recorded before) and whether it is new.
-- Sequential scans are off for the reason idempotency_gate gives: lookups by key only.
create or replace function ingest_page_views(items jsonb)
returns table (gate text, event_id text, event_type text, event_session_id text, created boolean)
language plpgsql volatile set enable_seqscan = off as $$
declare
  item jsonb;
  lock_name text;
  taken text[] := '{}';
  ws text;
  sid text;
  seen timestamptz;
begin
  for item in select value from jsonb_array_elements(items) with ordinality as i (value, n) order by n loop
    event_id := null;
    event_type := null;
    event_session_id := null;
    created := null;
    lock_name := (item->>'api_key_id') || ':' || (item->>'idempotency_key');
    if lock_name = any(taken) then
      gate := 'held';
    else
      taken := taken || lock_name;
      gate := idempotency_gate_state(item->>'api_key_id', item->>'idempotency_key');
    end if;
    if gate = 'open' then
      ws := item->>'workspace_id';
      sid := item->>'session_id';
      seen := (item->>'occurred_at')::timestamptz;
      insert into events (id, workspace_id, external_event_id, type, session_id, payload, occurred_at, source, medium, campaign)
      values (item->>'id', ws, item->>'external_event_id', 'page_view', sid, item->'payload', seen,
              item->>'source', item->>'medium', item->>'campaign')
      on conflict (workspace_id, external_event_id) do nothing;
      created := found;
      if created then
        event_id := item->>'id';
        event_type := 'page_view';
        event_session_id := sid;
        if not exists (select 1 from sessions s where s.workspace_id = ws and s.id = sid and s.first_seen_at <= seen) then
          insert into sessions as s (workspace_id, id, first_seen_at, source, medium, campaign, content, referrer_url,
                                     landing_page_url, landing_id, landing_name, landing_slug)
          values (ws, sid, seen, item->>'source', item->>'medium', item->>'campaign', item->>'content',
                  item->>'referrer_url', item->>'landing_page_url', item->>'landing_id', item->>'landing_name',
                  item->>'landing_slug')
          on conflict (workspace_id, id) do update set
            first_seen_at = excluded.first_seen_at, source = excluded.source, medium = excluded.medium,
            campaign = excluded.campaign, content = excluded.content, referrer_url = excluded.referrer_url,
            landing_page_url = excluded.landing_page_url, landing_id = excluded.landing_id,
            landing_name = excluded.landing_name, landing_slug = excluded.landing_slug
          where excluded.first_seen_at < s.first_seen_at;
        end if;
      else
        select e.id, e.type, e.session_id into event_id, event_type, event_session_id
        from events e where e.workspace_id = ws and e.external_event_id = item->>'external_event_id';
      end if;
    end if;
    return next;
  end loop;
end $$;
