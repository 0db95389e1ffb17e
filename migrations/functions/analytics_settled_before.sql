-- Writes log the times before analytics_settled_before(now()), now() being their transaction's
-- start; the cache stores only days that end before it for every transaction it may not see.
-- Stable, as timestamptz - interval is: an immutable function whose body is not cannot be inlined,
-- and the leads' analytics triggers call it in their WHEN clause for every row they write.
create or replace function analytics_settled_before(at timestamptz) returns timestamptz language sql stable parallel safe
  as $$ select at - interval '1 hour' $$;
