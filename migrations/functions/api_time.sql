-- Instants as the API shows them everywhere: UTC to the millisecond, like JavaScript's toISOString.
create or replace function api_time(t timestamptz) returns text language sql stable parallel safe as $$
  select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
