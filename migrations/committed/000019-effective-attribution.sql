--! Previous: sha1:4b9cc152cd6c3de80e6119df7fa53e4abab6c876
--! Hash: sha1:5c9ec8770355f0898755fbf0be0e54735db733ff
--! Message: leads: the effective attribution rule has one owner

-- Effective attribution, the first touch with each override that is not null in its place (a
-- JSON null means no override; conversion_url has none). This is the one statement of the rule:
-- lead_document renders it as Lead.attribution, and the generated source/medium/campaign columns
-- (the list filters, their indexes, analytics) read their values out of it. Immutable, as a
-- generated column requires; one expression in SQL, so the planner inlines it. json, not jsonb,
-- keeps the keys in the order the API has always shown them.
create function effective_attribution(attribution jsonb, overrides jsonb) returns json
  language sql immutable parallel safe as $$
  select json_build_object(
    'source', coalesce(overrides->>'source', attribution->>'source'),
    'medium', coalesce(overrides->>'medium', attribution->>'medium'),
    'campaign', coalesce(overrides->>'campaign', attribution->>'campaign'),
    'content', coalesce(overrides->>'content', attribution->>'content'),
    'conversion_url', attribution->>'conversion_url')
$$;

-- SET EXPRESSION, not drop and add: the columns keep their place, and the indexes that hold them
-- (leads_source_idx, leads_medium_idx, leads_campaign_idx, leads_analytics_idx,
-- leads_funnel_gap_idx) and the analytics trigger's WHEN clause stay as they are; the rewrite
-- recomputes every row and rebuilds those indexes.
alter table leads
  alter column source set expression as (effective_attribution(attribution, attribution_overrides)->>'source'),
  alter column medium set expression as (effective_attribution(attribution, attribution_overrides)->>'medium'),
  alter column campaign set expression as (effective_attribution(attribution, attribution_overrides)->>'campaign');

-- As in migration 2, but attribution comes from effective_attribution. Stored documents need no
-- new rendering: the text they hold is the same.
create or replace function lead_document(l leads, s pipeline_stages) returns json language sql stable parallel safe as $$
  select json_build_object(
    'id', l.id, 'external_id', l.external_id, 'external_source', l.external_source,
    'contact_name', l.contact_name, 'contact_email', l.contact_email, 'contact_phone', l.contact_phone,
    'property_address', l.property_address,
    'status', s.key, 'status_stage_id', s.id, 'status_label', s.label, 'status_sort_order', s.sort_order,
    'is_conversion_stage', s.is_conversion_stage,
    'stage_timestamps', l.stage_timestamps, 'funnel_gap_summary', l.funnel_gap_summary,
    'attribution', effective_attribution(l.attribution, l.attribution_overrides),
    'communication_summary', lead_communication_summary(l),
    'form_data', l.form_data, 'custom_fields', l.custom_fields,
    'selected_material_id', l.selected_material_id, 'selected_color_id', l.selected_color_id,
    'selected_shape_id', l.selected_shape_id, 'notes', l.notes,
    'quote_value', l.quote_value, 'sales_value', l.sales_value,
    'follow_up_date', api_time(l.follow_up_date), 'converted_at', api_time(l.converted_at),
    'created_at', api_time(l.created_at), 'updated_at', api_time(l.updated_at))
$$;
