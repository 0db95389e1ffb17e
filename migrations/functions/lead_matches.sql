-- An upsert matches a lead by its external key (external_source + external_id) when it has one,
-- else by phone (the most recently updated of the leads sharing it), and locks it. A batch of 100
-- sent 100 such lookups, each a statement of its own for Node to build and read (about 4 ms of
-- the API's CPU per batch, measured); this runs them in one call, key by key, each the statement
-- a single upsert's lookup is (and cached as a prepared statement is). keys[i] is (sources[i], external_ids[i]) when external_ids[i] is not null, else
-- phones[i]; answers (i, the id of the lead it matched) for the keys that matched one.
create or replace function lead_matches(ws text, sources text[], external_ids text[], phones text[])
  returns table (n integer, lead_id text) rows 100
language plpgsql set search_path from current as $$
begin
  for i in 1 .. coalesce(array_length(phones, 1), 0) loop
    n := i;
    lead_id := null;
    if external_ids[i] is not null then
      select l.id into lead_id from leads l
      where l.workspace_id = ws and l.external_source = sources[i] and l.external_id = external_ids[i]
        and l.deleted_at is null
      for update;
    elsif phones[i] is not null then
      select l.id into lead_id from leads l
      where l.workspace_id = ws and l.contact_phone = phones[i] and l.deleted_at is null
      order by l.updated_at desc, l.id desc
      limit 1
      for update;
    end if;
    if lead_id is not null then
      return next;
    end if;
  end loop;
end $$;
