-- Every insert and update renders the lead again: its fields, its stage, and its communication
-- summary (calls and SMS reach the lead through set_lead_channels, which updates it).
create or replace function render_lead_document() returns trigger language plpgsql as $$
begin
  new.document := (select lead_document(new, s) from pipeline_stages s where s.id = new.stage_id)::text;
  return new;
end $$;
