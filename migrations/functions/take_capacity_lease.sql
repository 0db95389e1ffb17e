-- Takes a lease in `lease_bucket` when fewer than `cap` live ones are held there; its id, or null
-- when the bucket is full. `released` are leases the caller has let go whose delete may not have
-- landed yet: they count no more. One statement, so one short transaction (a transaction
-- pooler's unit): the transaction-scoped advisory lock makes two processes' takes of one bucket
-- count in turn.
create or replace function take_capacity_lease(lease_bucket text, cap int, lease_holder text, ttl_seconds int,
  released bigint[]) returns bigint
language plpgsql set search_path from current as $$
declare
  taken bigint;
begin
  perform pg_advisory_xact_lock(hashtextextended('capacity-lease:' || lease_bucket, 0));
  delete from capacity_leases where bucket = lease_bucket and (expires_at <= now() or id = any(released));
  if (select count(*) from capacity_leases where bucket = lease_bucket) >= cap then
    return null;
  end if;
  insert into capacity_leases (bucket, holder, expires_at)
  values (lease_bucket, lease_holder, now() + make_interval(secs => ttl_seconds))
  returning id into taken;
  return taken;
end $$;
