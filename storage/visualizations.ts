import type { Db } from './db.ts';
import type { BlobStore } from './blobs.ts';
import type { RoofOutline, RoofTap } from '../core/roofOutline.ts';
import type { WebhookEventType } from '../core/webhookEventTypes.ts';
import { recordWebhookEvent } from './webhookEvents.ts';

export type VisualizationStatus = 'pending' | 'processing' | 'failed' | 'completed';
export type EmbeddingState = 'pending' | 'ready' | 'failed';

/** A roof selection as kept on its row: what the partner sent and what the segmenter answered. */
export interface StoredRoofSelection {
  points: RoofTap[];
  box: [number, number, number, number] | null;
  outline: RoofOutline;
  /** The mask at the embedding's size: a greyscale PNG, white on the roof. */
  mask_key: string;
  area_share: number;
  created_at: string;
}

export interface CatalogRefs {
  material: { id: string; name: string } | null;
  color: { id: string; name: string; hex_code: string | null } | null;
  shape: { id: string; name: string; roof_type: string | null } | null;
}

export interface VisualizationRow extends CatalogRefs {
  id: string;
  workspace_id: string;
  session_id: string;
  lead_id: string | null;
  status: VisualizationStatus;
  /** The partner's https URL; null for uploads (then original_image_key holds the bytes). */
  original_image_url: string | null;
  original_image_key: string | null;
  original_image_type: string | null;
  generated_image_key: string | null;
  generated_image_type: string | null;
  processing_error: string | null;
  /** The partner's roof outline; null when the roof is found in the photo. */
  roof_outline: RoofOutline | null;
  /** The partner's latest roof selection (POST …/roof-selection); the mask generate paints. */
  roof_selection: StoredRoofSelection | null;
  /** Whether the photo's embedding (the segmenter's view of it) is in blob storage yet. */
  embedding_state: EmbeddingState;
  embedding_key: string | null;
  embedding_error: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
  /** created_at in microseconds since the epoch: the keyset position (JS Dates keep only ms). */
  created_us: number;
}

/**
 * Columns of a visualization `v` with its catalog selection resolved to LeadRoof's shapes;
 * every reader (API, share links, lead roof, worker) goes through this one projection.
 */
function projection(sql: Db) {
  return sql`
    v.id, v.workspace_id, v.session_id, v.lead_id, v.status, v.original_image_url, v.original_image_key,
    v.original_image_type, v.generated_image_key, v.generated_image_type, v.processing_error, v.roof_outline,
    v.roof_selection, v.embedding_state, v.embedding_key, v.embedding_error, v.created_at, v.updated_at, v.completed_at,
    (extract(epoch from v.created_at) * 1000000)::bigint as created_us,
    case when m.id is null then null else json_build_object('id', m.id, 'name', m.name) end as material,
    case when c.id is null then null else json_build_object('id', c.id, 'name', c.name, 'hex_code', c.hex_code) end as color,
    case when s.id is null then null else json_build_object('id', s.id, 'name', s.name, 'roof_type', s.roof_type) end as shape`;
}

function catalogJoins(sql: Db) {
  return sql`
    left join catalog_materials m on m.id = v.material_id and m.workspace_id = v.workspace_id
    left join catalog_colors c on c.id = v.color_id and c.workspace_id = v.workspace_id
    left join catalog_shapes s on s.id = v.shape_id and s.workspace_id = v.workspace_id`;
}

/** Signed URLs stay valid this long: long enough to render a page, short enough to not leak for good. */
export const IMAGE_URL_TTL_SECONDS = 3600;

/** URLs a client can load: signed blob URLs for stored images, else the partner's own URL. */
export async function imageUrls(blobs: BlobStore, row: VisualizationRow) {
  const sign = (key: string, contentType: string | null) =>
    blobs.signedUrl(key, { expiresInSeconds: IMAGE_URL_TTL_SECONDS, ...(contentType ? { contentType } : {}) });
  return {
    original_image_url: row.original_image_key
      ? await sign(row.original_image_key, row.original_image_type)
      : row.original_image_url,
    generated_image_url: row.generated_image_key ? await sign(row.generated_image_key, row.generated_image_type) : null,
  };
}

/** The roof selection as partners see it: the stored one with a signed URL for its mask. */
export async function toRoofSelectionResponse(blobs: BlobStore, selection: StoredRoofSelection) {
  return {
    outline: selection.outline,
    mask_url: await blobs.signedUrl(selection.mask_key, {
      expiresInSeconds: IMAGE_URL_TTL_SECONDS,
      contentType: 'image/png',
    }),
    area_share: selection.area_share,
    points: selection.points,
    box: selection.box,
    created_at: selection.created_at,
  };
}

/** The one shape of a visualization in every response and event that carries one (Visualization). */
export async function toVisualizationResponse(blobs: BlobStore, row: VisualizationRow) {
  return {
    id: row.id,
    session_id: row.session_id,
    lead_id: row.lead_id,
    status: row.status,
    material: row.material,
    color: row.color,
    shape: row.shape,
    ...(await imageUrls(blobs, row)),
    roof_outline: row.roof_outline,
    roof_selection: row.roof_selection ? await toRoofSelectionResponse(blobs, row.roof_selection) : null,
    processing_error: row.processing_error,
    created_at: row.created_at,
    updated_at: row.updated_at,
    completed_at: row.completed_at,
  };
}

export interface NewVisualization {
  id: string;
  workspaceId: string;
  sessionId: string;
  leadId: string | null;
  materialId: string | null;
  colorId: string | null;
  shapeId: string | null;
  originalImageUrl: string | null;
  originalImageKey: string | null;
  originalImageType: string | null;
  roofOutline: RoofOutline | null;
}

const outlineJson = (sql: Db, outline: RoofOutline | null) => (outline ? sql.json(outline) : null);

export async function insertVisualization(sql: Db, input: NewVisualization): Promise<VisualizationRow> {
  const [row] = await sql<VisualizationRow[]>`
    with v as (
      insert into visualizations
        (id, workspace_id, session_id, lead_id, status, material_id, color_id, shape_id,
         original_image_url, original_image_key, original_image_type, roof_outline)
      values (${input.id}, ${input.workspaceId}, ${input.sessionId}, ${input.leadId}, 'pending', ${input.materialId},
              ${input.colorId}, ${input.shapeId}, ${input.originalImageUrl}, ${input.originalImageKey}, ${input.originalImageType},
              ${outlineJson(sql, input.roofOutline)})
      returning *)
    select ${projection(sql)} from v ${catalogJoins(sql)}`;
  return row!;
}

export async function findVisualization(
  sql: Db,
  workspaceId: string,
  id: string,
): Promise<VisualizationRow | undefined> {
  const [row] = await sql<VisualizationRow[]>`
    select ${projection(sql)} from visualizations v ${catalogJoins(sql)}
    where v.workspace_id = ${workspaceId} and v.id = ${id} and v.deleted_at is null`;
  return row;
}

/** Locks the row until the transaction ends, so concurrent generates for it queue up here. */
export async function lockVisualization(
  tx: Db,
  workspaceId: string,
  id: string,
): Promise<VisualizationRow | undefined> {
  const [row] = await tx<VisualizationRow[]>`
    select ${projection(tx)} from visualizations v ${catalogJoins(tx)}
    where v.workspace_id = ${workspaceId} and v.id = ${id} and v.deleted_at is null
    for update of v`;
  return row;
}

/** A session's rows in any state, newest first; `after` is the last position of the previous page. */
export async function listSessionVisualizations(
  sql: Db,
  workspaceId: string,
  sessionId: string,
  page: { after?: [number, string]; limit: number },
): Promise<VisualizationRow[]> {
  const after = page.after
    ? sql`and ((extract(epoch from v.created_at) * 1000000)::bigint, v.id) < (${page.after[0]}::bigint, ${page.after[1]})`
    : sql``;
  return sql<VisualizationRow[]>`
    select ${projection(sql)} from visualizations v ${catalogJoins(sql)}
    where v.workspace_id = ${workspaceId} and v.session_id = ${sessionId} and v.deleted_at is null ${after}
    order by v.created_at desc, v.id desc
    limit ${page.limit}`;
}

/** A new catalog choice and outline for a generation; undefined keeps the row's, a null outline drops it. */
export interface GenerationChoice {
  materialId?: string;
  colorId?: string;
  shapeId?: string;
  roofOutline?: RoofOutline | null;
}

/** Moves a pending or failed row to processing, applying any new catalog choice and outline. */
export async function markVisualizationProcessing(
  tx: Db,
  workspaceId: string,
  id: string,
  sel: GenerationChoice,
): Promise<VisualizationRow> {
  const outline = sel.roofOutline === undefined ? tx`roof_outline` : tx`${outlineJson(tx, sel.roofOutline)}::jsonb`;
  // An outline sent with generate is the partner's latest word on the roof: it replaces a selection.
  const selection = sel.roofOutline ? tx`null` : tx`roof_selection`;
  const [row] = await tx<VisualizationRow[]>`
    with v as (
      update visualizations set
        status = 'processing', processing_error = null, retry_reason = null, updated_at = now(),
        roof_outline = ${outline}, roof_selection = ${selection},
        material_id = coalesce(${sel.materialId ?? null}, material_id),
        color_id = coalesce(${sel.colorId ?? null}, color_id),
        shape_id = coalesce(${sel.shapeId ?? null}, shape_id)
      where workspace_id = ${workspaceId} and id = ${id} and status in ('pending', 'failed')
      returning *)
    select ${projection(tx)} from v ${catalogJoins(tx)}`;
  return row!;
}

async function recordVisualizationEvent(tx: Db, blobs: BlobStore, type: WebhookEventType, row: VisualizationRow) {
  const subject = { kind: 'visualization', id: row.id } as const;
  await recordWebhookEvent(tx, row.workspace_id, type, await toVisualizationResponse(blobs, row), subject);
}

/**
 * Completes a processing row with its images and records visualization.completed; false when the
 * row was not processing (settled already), then nothing changes.
 */
export async function completeVisualization(
  tx: Db,
  blobs: BlobStore,
  workspaceId: string,
  id: string,
  images: { originalKey: string; originalType: string; generatedKey: string; generatedType: string },
): Promise<boolean> {
  const [row] = await tx<VisualizationRow[]>`
    with v as (
      update visualizations set
        status = 'completed', processing_error = null, retry_reason = null, original_image_key = ${images.originalKey},
        original_image_type = ${images.originalType}, generated_image_key = ${images.generatedKey},
        generated_image_type = ${images.generatedType}, completed_at = now(), updated_at = now()
      where workspace_id = ${workspaceId} and id = ${id} and status = 'processing'
      returning *)
    select ${projection(tx)} from v ${catalogJoins(tx)}`;
  if (!row) return false;
  await recordVisualizationEvent(tx, blobs, 'visualization.completed', row);
  return true;
}

/**
 * Fails a processing row with the reason and records visualization.failed; false when the row was
 * not processing (settled already), then nothing changes.
 */
export async function failVisualization(
  tx: Db,
  blobs: BlobStore,
  workspaceId: string,
  id: string,
  error: string,
): Promise<boolean> {
  const [row] = await tx<VisualizationRow[]>`
    with v as (
      update visualizations set status = 'failed', processing_error = ${error}, retry_reason = null, updated_at = now()
      where workspace_id = ${workspaceId} and id = ${id} and status = 'processing'
      returning *)
    select ${projection(tx)} from v ${catalogJoins(tx)}`;
  if (!row) return false;
  await recordVisualizationEvent(tx, blobs, 'visualization.failed', row);
  return true;
}

/** Why the running attempt failed, in the partner's words, kept while the queue retries (migration 17). */
export async function recordRetryReason(sql: Db, workspaceId: string, id: string, reason: string): Promise<void> {
  await sql`
    update visualizations set retry_reason = ${reason}
    where workspace_id = ${workspaceId} and id = ${id} and status = 'processing'`;
}

/** Keeps the downloaded original as the row's, unless it has one already (an upload, or an earlier download). */
export async function keepOriginal(sql: Db, workspaceId: string, id: string, key: string, type: string): Promise<void> {
  await sql`
    update visualizations set original_image_key = ${key}, original_image_type = ${type}
    where workspace_id = ${workspaceId} and id = ${id} and original_image_key is null`;
}

/** The embedding is stored: selections and generates may prompt it. */
export async function markEmbeddingReady(sql: Db, workspaceId: string, id: string, key: string): Promise<void> {
  await sql`
    update visualizations set embedding_state = 'ready', embedding_key = ${key}, embedding_error = null
    where workspace_id = ${workspaceId} and id = ${id}`;
}

/** The photo cannot be embedded (not a usable image): selections say why instead of waiting. */
export async function markEmbeddingFailed(sql: Db, workspaceId: string, id: string, error: string): Promise<void> {
  await sql`
    update visualizations set embedding_state = 'failed', embedding_error = ${error}
    where workspace_id = ${workspaceId} and id = ${id} and embedding_state <> 'ready'`;
}

/**
 * Keeps the partner's latest roof selection on a row that can still be generated (pending or
 * failed); it replaces the row's roof_outline, as the partner's latest word on where the roof is.
 * Undefined when the row is gone or no longer takes one.
 */
export async function saveRoofSelection(
  sql: Db,
  workspaceId: string,
  id: string,
  selection: StoredRoofSelection,
): Promise<VisualizationRow | undefined> {
  const [row] = await sql<VisualizationRow[]>`
    with v as (
      update visualizations set roof_selection = ${sql.json(selection as never)}, roof_outline = null, updated_at = now()
      where workspace_id = ${workspaceId} and id = ${id} and deleted_at is null and status in ('pending', 'failed')
      returning *)
    select ${projection(sql)} from v ${catalogJoins(sql)}`;
  return row;
}

/** Lead ids may only name an active lead of the same workspace. */
export async function activeLeadExists(sql: Db, workspaceId: string, leadId: string): Promise<boolean> {
  const [row] = await sql<{ found: boolean }[]>`
    select exists (
      select 1 from leads where workspace_id = ${workspaceId} and id = ${leadId} and deleted_at is null) as found`;
  return row!.found;
}

export interface LatestLeadVisualization extends CatalogRefs {
  id: string;
  status: VisualizationStatus;
  processing_error: string | null;
  original_image_url: string | null;
  generated_image_url: string | null;
}

/** What GET /leads/{id}/roof shows: the lead's newest active visualization, in any state. */
export async function findLatestVisualizationForLead(
  sql: Db,
  workspaceId: string,
  leadId: string,
  blobs: BlobStore,
): Promise<LatestLeadVisualization | undefined> {
  const [row] = await sql<VisualizationRow[]>`
    select ${projection(sql)} from visualizations v ${catalogJoins(sql)}
    where v.workspace_id = ${workspaceId} and v.lead_id = ${leadId} and v.deleted_at is null
    order by v.created_at desc, v.id desc
    limit 1`;
  if (!row) return undefined;
  return {
    id: row.id,
    status: row.status,
    processing_error: row.processing_error,
    ...(await imageUrls(blobs, row)),
    material: row.material,
    color: row.color,
    shape: row.shape,
  };
}
