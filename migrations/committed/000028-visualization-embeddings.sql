--! Previous: sha1:24d46dafc0ce7db20e64d33342efa96c8e4ce023
--! Hash: sha1:b4e9b3d026483ed5e717175df347be12064d6dd1
--! Message: visualization embeddings and roof selections

-- The photo's embedding (the segmenter's encoder output) is computed once, by the
-- visualization_embed job, and kept in blob storage under embedding_key so that every web and
-- worker process can prompt it. embedding_state says whether it is there yet; rows created
-- before it get theirs computed when first used.
alter table visualizations
  add column embedding_state text not null default 'pending'
    constraint visualizations_embedding_state_check check (embedding_state in ('pending', 'ready', 'failed')),
  add column embedding_key text,
  add column embedding_error text,
  -- The partner's latest roof selection (taps and/or a box, the outline and mask the segmenter
  -- answered): the next generate without roof_outline paints its mask.
  add column roof_selection jsonb;
