-- The effective value of one attribution field: its override when that is not null (a JSON null
-- means no override), else the first touch as recorded. This is the one statement of the rule:
-- lead_document renders Lead.attribution with it, and the generated source/medium/campaign
-- columns (the list filters, their indexes, analytics) are computed by it. Immutable, as a
-- generated column requires; one expression in SQL, so the planner inlines it and a write costs
-- what the coalesce it replaces cost (a function building the whole record as json cost the
-- generated columns about 15 µs a row more, measured).
create or replace function effective_attribution_value(attribution jsonb, overrides jsonb, field text) returns text
  language sql immutable parallel safe as $$
  select coalesce(overrides->>field, attribution->>field)
$$;
