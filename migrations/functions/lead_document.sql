-- The Lead schema of the spec, field for field, from the lead and its stage (s.id = l.stage_id).
-- attribution is the effective first touch: each field comes from effective_attribution_value
-- (conversion_url has no override).
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
