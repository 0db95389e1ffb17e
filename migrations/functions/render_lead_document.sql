-- Renders the lead again: its fields, its stage, and its communication summary (calls and SMS
-- reach the lead through set_lead_channels, which updates it). The leads_document_* triggers
-- (migration 22) run it for every write that did not render the document itself: the statements
-- of storage/leads.ts that write leads call lead_document over the rows they write.
create or replace function render_lead_document() returns trigger language plpgsql as $$
begin
  new.document := (select lead_document(new, s) from pipeline_stages s where s.id = new.stage_id)::text;
  return new;
end $$;
