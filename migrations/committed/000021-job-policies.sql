--! Previous: sha1:a01c3b18e5b9a03f7625f2d1df5f10ee4b3bb4b9
--! Hash: sha1:2015161425f11a168acc7f124c7906ccf4309bd0
--! Message: job policies in the database; functions kept in migrations/functions

-- From here on every function's current definition is its file in migrations/functions, which
-- every migrate applies after the committed migrations (storage/migrate.ts): later migrations
-- create a function only when they need it before that (a generated column, an index) and never
-- replace one; the earlier versions above are history.

-- Each task's job policy as the database needs it, written from storage/jobPolicies.ts by every
-- migrate: the function a job out of attempts calls with its payload (job_failed_for_good), none
-- when failing for good does nothing; and the attempts of the jobs the database enqueues itself
-- (record_webhook_event).
create table job_policies (
  task text primary key,
  max_attempts integer not null,
  failed_for_good text
);
