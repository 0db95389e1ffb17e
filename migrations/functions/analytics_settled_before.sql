-- Writes log the times before analytics_settled_before(now()), now() being their transaction's
-- start; the cache stores only days that end before it for every transaction it may not see.
create or replace function analytics_settled_before(at timestamptz) returns timestamptz language sql immutable parallel safe
  as $$ select at - interval '1 hour' $$;
