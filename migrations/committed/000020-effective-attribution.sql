--! Previous: sha1:996ea76e0c8255a0b01c354c8632f40b14ba2611
--! Hash: sha1:a01c3b18e5b9a03f7625f2d1df5f10ee4b3bb4b9
--! Message: leads: the effective attribution rule has one owner

-- The effective value of one attribution field: its override when that is not null (a JSON null
-- means no override), else the first touch as recorded. This is the one statement of the rule:
-- lead_document renders Lead.attribution with it, and the generated source/medium/campaign
-- columns (the list filters, their indexes, analytics) are computed by it. Immutable, as a
-- generated column requires; one expression in SQL, so the planner inlines it and a write costs
-- what the coalesce it replaces cost (a function building the whole record as json cost the
-- generated columns about 15 µs a row more, measured).
create function effective_attribution_value(attribution jsonb, overrides jsonb, field text) returns text
  language sql immutable parallel safe as $$
  select coalesce(overrides->>field, attribution->>field)
$$;

-- SET EXPRESSION, not drop and add: the columns keep their place, and the indexes that hold them
-- (leads_source_idx, leads_medium_idx, leads_campaign_idx, leads_analytics_idx,
-- leads_funnel_gap_idx) and the analytics trigger's WHEN clause stay as they are; the rewrite
-- recomputes every row and rebuilds those indexes.
alter table leads
  alter column source set expression as (effective_attribution_value(attribution, attribution_overrides, 'source')),
  alter column medium set expression as (effective_attribution_value(attribution, attribution_overrides, 'medium')),
  alter column campaign set expression as (effective_attribution_value(attribution, attribution_overrides, 'campaign'));

-- As in migration 2, but each attribution field comes from effective_attribution_value
-- (conversion_url has no override). Stored documents need no new rendering: their text is the same.
create or replace function lead_document(l leads, s pipeline_stages) returns json language sql stable parallel safe as $$
  select json_build_object(
    'id', l.id, 'external_id', l.external_id, 'external_source', l.external_source,
    'contact_name', l.contact_name, 'contact_email', l.contact_email, 'contact_phone', l.contact_phone,
    'property_address', l.property_address,
    'status', s.key, 'status_stage_id', s.id, 'status_label', s.label, 'status_sort_order', s.sort_order,
    'is_conversion_stage', s.is_conversion_stage,
    'stage_timestamps', l.stage_timestamps, 'funnel_gap_summary', l.funnel_gap_summary,
    'attribution', json_build_object(
      'source', effective_attribution_value(l.attribution, l.attribution_overrides, 'source'),
      'medium', effective_attribution_value(l.attribution, l.attribution_overrides, 'medium'),
      'campaign', effective_attribution_value(l.attribution, l.attribution_overrides, 'campaign'),
      'content', effective_attribution_value(l.attribution, l.attribution_overrides, 'content'),
      'conversion_url', l.attribution->>'conversion_url'),
    'communication_summary', lead_communication_summary(l),
    'form_data', l.form_data, 'custom_fields', l.custom_fields,
    'selected_material_id', l.selected_material_id, 'selected_color_id', l.selected_color_id,
    'selected_shape_id', l.selected_shape_id, 'notes', l.notes,
    'quote_value', l.quote_value, 'sales_value', l.sales_value,
    'follow_up_date', api_time(l.follow_up_date), 'converted_at', api_time(l.converted_at),
    'created_at', api_time(l.created_at), 'updated_at', api_time(l.updated_at))
$$;
