--! Previous: sha1:2015161425f11a168acc7f124c7906ccf4309bd0
--! Hash: sha1:6003a2a31bd8f4181e43126ef1ce1c2c65f0a402
--! Message: leads: a write statement may render the document itself

-- lead_document stays the one owner of the Lead JSON; what changes is who calls it. A per-row
-- trigger pays plpgsql and a query of its own for every lead (about 11 ms of a 100-lead batch's
-- insert, measured), so the statements that write leads in bulk (insertLeads and updateLeads in
-- storage/leads.ts) render the document in the statement itself, from the row they write and
-- its stage, and the trigger renders it only for writes that did not: an insert without a
-- document, or an update that leaves it as it was (set_lead_channels, a soft delete, fixtures).
-- A statement that renders a document equal to the old one makes the trigger render it again,
-- from the same row: the same text.
drop trigger leads_document on leads;
create trigger leads_document_insert before insert on leads
  for each row when (new.document is null) execute function render_lead_document();
create trigger leads_document_update before update on leads
  for each row when (new.document is not distinct from old.document) execute function render_lead_document();
