--! Previous: sha1:98a8c7a1180d77c867df4b6fced4ec4069d14dae
--! Hash: sha1:4266c2b7eacc1e77bb7b06d7b12209aad421ac36
--! Message: analytics day cache: form count column named like the figure it holds

-- The forms family of the day cache is read beside the other families in one union
-- (storage/analytics.ts aggregateFigures), where every column is named after its figure.
alter table analytics_day_forms rename column n to form_count;
