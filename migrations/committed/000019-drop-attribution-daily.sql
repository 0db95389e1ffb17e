--! Previous: sha1:4b9cc152cd6c3de80e6119df7fa53e4abab6c876
--! Hash: sha1:996ea76e0c8255a0b01c354c8632f40b14ba2611
--! Message: drop the unread attribution rollup

-- Analytics read the day cache (migration 6), which the nightly task now only warms; the
-- per-UTC-day rollup and its run log were written every night and read by nothing.
drop table attribution_daily;
drop table attribution_rollup_runs;
