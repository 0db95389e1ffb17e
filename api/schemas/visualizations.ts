import { z } from 'zod';
import { CursorPagination } from '../pagination.ts';
import { DateTime } from './common.ts';
import { RASTER_FORMAT_NAMES, rasterImageType } from '../../core/rasterImage.ts';

/** Largest original image, decoded (data URLs) or downloaded (https URLs). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/i;

/** Fields only the service writes; a partner sending one is told so by name. */
const SERVICE_SET_FIELDS =
  /^((generated|completed|result|output|rendered|after)_image(_url|_key)?|status|processing_error|completed_at)$/;

const unknownFieldsMessage = (iss: { code?: string; keys?: string[] }) => {
  if (iss.code !== 'unrecognized_keys') return undefined;
  const serviceSet = (iss.keys ?? []).filter((k) => SERVICE_SET_FIELDS.test(k));
  return serviceSet.length
    ? `${serviceSet.join(', ')} cannot be sent: generated images and status are set by the service when generation completes`
    : undefined;
};

const catalogId = z.string().min(1).max(200);

export const OriginalImage = z
  .string()
  .max(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 100)
  .refine((v) => (/^https?:\/\//i.test(v) ? URL.canParse(v) : DATA_URL.test(v)), {
    message: 'must be an https:// URL or a data:image/<type>;base64, URL',
  })
  .transform((v, ctx) => {
    const data = DATA_URL.exec(v);
    if (!data) return { kind: 'url' as const, url: v };
    const bytes = Buffer.from(data[2]!, 'base64');
    if (bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES) {
      ctx.addIssue({ code: 'custom', message: `decoded image must be 1..${MAX_IMAGE_BYTES} bytes` });
      return z.NEVER;
    }
    // The declared type is the sender's word; the stored and served type is what the bytes are.
    const contentType = rasterImageType(bytes);
    if (!contentType) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a ${RASTER_FORMAT_NAMES} image (judged by its bytes, not the declared type)`,
      });
      return z.NEVER;
    }
    return { kind: 'upload' as const, contentType, bytes };
  })
  .describe(
    `The house photo: an https:// URL the service downloads, or a data:image/...;base64, URL (≤ 10 MB decoded); ${RASTER_FORMAT_NAMES} only`,
  );

export const VisualizationCreate = z
  .object(
    {
      session_id: z.string().min(1).max(500),
      lead_id: z.string().min(1).max(200).nullable().optional(),
      original_image_url: OriginalImage,
      material_id: catalogId.nullable().optional(),
      color_id: catalogId.nullable().optional(),
      shape_id: catalogId.nullable().optional(),
    },
    { error: unknownFieldsMessage },
  )
  .strict()
  .meta({ id: 'VisualizationCreate' });

export const VisualizationGenerate = z
  .object(
    { material_id: catalogId.optional(), color_id: catalogId.optional(), shape_id: catalogId.optional() },
    { error: unknownFieldsMessage },
  )
  .strict()
  .meta({ id: 'VisualizationGenerate', description: 'Optional new catalog choice applied before generating' });

const CatalogMaterial = z.object({ id: z.string(), name: z.string() }).strict().meta({ id: 'CatalogMaterial' });
const CatalogColor = z
  .object({ id: z.string(), name: z.string(), hex_code: z.string().nullable() })
  .strict()
  .meta({ id: 'CatalogColor' });
const CatalogShape = z
  .object({ id: z.string(), name: z.string(), roof_type: z.string().nullable() })
  .strict()
  .meta({ id: 'CatalogShape' });
const Material = CatalogMaterial.nullable();
const Color = CatalogColor.nullable();
const Shape = CatalogShape.nullable();

/** What a visualization may be generated with: ids for material_id, color_id and shape_id. */
export const VisualizerCatalog = z
  .object({ materials: z.array(CatalogMaterial), colors: z.array(CatalogColor), shapes: z.array(CatalogShape) })
  .strict()
  .meta({ id: 'VisualizerCatalog' });

export const VisualizationStatus = z
  .enum(['pending', 'processing', 'failed', 'completed'])
  .meta({ id: 'VisualizationStatus' });

export const Visualization = z
  .object({
    id: z.string(),
    session_id: z.string(),
    lead_id: z.string().nullable(),
    status: VisualizationStatus,
    material: Material,
    color: Color,
    shape: Shape,
    original_image_url: z
      .string()
      .nullable()
      .describe('Signed URL of the stored original (1 hour), or the URL as sent until it is downloaded'),
    generated_image_url: z.string().nullable().describe('Signed URL (1 hour) once completed'),
    processing_error: z.string().nullable(),
    created_at: DateTime,
    updated_at: DateTime,
    completed_at: DateTime.nullable(),
  })
  .strict()
  .meta({ id: 'Visualization' });

export const VisualizationEnvelope = z.object({ visualization: Visualization }).strict();

export const VisualizationPage = z
  .object({ visualizations: z.array(Visualization), pagination: CursorPagination })
  .strict();

export const ShareLinkCreate = z
  .object({
    visualization_id: z.string().min(1).max(200),
    expires_in_days: z.number().int().min(1).max(365).default(30),
  })
  .strict()
  .meta({ id: 'ShareLinkCreate' });

export const ShareLink = z
  .object({
    token: z.string(),
    url: z.string().describe('Public URL of GET /api/v1/share-links/{token}'),
    visualization_id: z.string(),
    expires_at: DateTime,
    created_at: DateTime,
  })
  .strict()
  .meta({ id: 'ShareLink' });

export const PublicShareLink = z
  .object({
    token: z.string(),
    expires_at: DateTime,
    visualization: z
      .object({
        id: z.string(),
        status: VisualizationStatus,
        material: Material,
        color: Color,
        shape: Shape,
        original_image_url: z.string().nullable(),
        generated_image_url: z.string().nullable(),
        completed_at: DateTime.nullable(),
      })
      .strict()
      .meta({ id: 'SharedVisualization' }),
  })
  .strict()
  .meta({ id: 'PublicShareLink' });
