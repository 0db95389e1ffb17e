--! Previous: sha1:808fb15bc2150138deb3dd8afa6eefa9e23f1dcb
--! Hash: sha1:e56aad8e96a23e96b8a458aff51e59dc02ce20c8
--! Message: capacity leases shared by every web process

-- A lease on a capped resource (a key's expensive requests, a workspace's exports, the exports'
-- share of connections), held by one process for one request. Every web process counts the same
-- rows, so caps add up across processes and dynos. A lease expires unless its process renews it:
-- a crashed process's leases free themselves. Unlogged, like the rate limit counters: a lease is
-- worth nothing after a database crash, when every request that held one has failed anyway.
create unlogged table capacity_leases (
  id bigint generated always as identity primary key,
  bucket text not null,
  holder text not null,
  expires_at timestamptz not null
);
create index capacity_leases_bucket on capacity_leases (bucket, expires_at);
create index capacity_leases_holder on capacity_leases (holder);

-- Takes a lease in `lease_bucket` when fewer than `cap` live ones are held there; its id, or null
-- when the bucket is full. `released` are leases the caller has let go whose delete may not have
-- landed yet: they count no more. One statement, so one short transaction (a transaction
-- pooler's unit): the transaction-scoped advisory lock makes two processes' takes of one bucket
-- count in turn.
create function take_capacity_lease(lease_bucket text, cap int, lease_holder text, ttl_seconds int,
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
