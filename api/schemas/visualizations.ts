import { z } from 'zod';
import { CursorPagination } from '../http/pagination.ts';
import { DateTime } from './common.ts';
import { saidOnce } from '../http/validation.ts';
import { RASTER_FORMAT_NAMES, rasterImageType } from '../../core/rasterImage.ts';
import { OUTLINE_LIMITS, polygonArea } from '../../core/roofOutline.ts';

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

/** Said once for a whole outline, however many of its coordinates are pixels. */
const FRACTION = saidOnce(
  "coordinates are fractions of the photo's width and height, from 0 to 1, not pixels: divide x by the photo's width and y by its height",
);
const fraction = z.number().min(0, FRACTION).max(1, FRACTION);
const OutlinePoint = z.tuple([fraction, fraction]);

export const RoofOutline = z
  .array(
    z
      .array(OutlinePoint)
      .min(3)
      .max(OUTLINE_LIMITS.points)
      .refine((points) => polygonArea(points) >= OUTLINE_LIMITS.minArea, {
        message: `a polygon must enclose at least ${OUTLINE_LIMITS.minArea * 100}% of the photo (its points must not lie on one line)`,
      }),
  )
  .min(1)
  .max(OUTLINE_LIMITS.polygons)
  .meta({
    id: 'RoofOutline',
    description:
      `The roof, as 1..${OUTLINE_LIMITS.polygons} polygons of 3..${OUTLINE_LIMITS.points} [x, y] points, x and y in 0..1 of the photo's width and height ` +
      '(as displayed, EXIF orientation applied; [0, 0] is the top left). A pixel is roof when it lies inside any polygon. When present it is the mask every image model ' +
      'works in and the only region the photo changes in; without it the latest roof selection is painted, or without one the roof is found in the photo (extension).',
  });

export const VisualizationCreate = z
  .object(
    {
      session_id: z.string().min(1).max(500),
      lead_id: z.string().min(1).max(200).nullable().optional(),
      original_image_url: OriginalImage,
      material_id: catalogId.nullable().optional(),
      color_id: catalogId.nullable().optional(),
      shape_id: catalogId.nullable().optional(),
      roof_outline: RoofOutline.nullable().optional(),
    },
    { error: unknownFieldsMessage },
  )
  .strict()
  .meta({ id: 'VisualizationCreate' });

export const VisualizationGenerate = z
  .object(
    {
      material_id: catalogId.optional(),
      color_id: catalogId.optional(),
      shape_id: catalogId.optional(),
      roof_outline: RoofOutline.nullable()
        .optional()
        .describe(
          'Replaces the roof outline before generating (null: no outline, so the latest roof selection is painted, or without one the roof is found in the photo); omitted: kept',
        ),
    },
    { error: unknownFieldsMessage },
  )
  .strict()
  .meta({
    id: 'VisualizationGenerate',
    description: 'Optional new catalog choice and roof outline applied before generating',
  });

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

const Fraction = fraction;

export const RoofTap = z
  .object({
    x: Fraction.describe("0..1 of the photo's width, from the left"),
    y: Fraction.describe("0..1 of the photo's height, from the top"),
    label: z
      .enum(['roof', 'not_roof'])
      .describe('`roof`: this point is roof; `not_roof`: it is not (a wall, sky, a tree)'),
  })
  .strict()
  .meta({ id: 'RoofTap' });

export const RoofBox = z
  .tuple([Fraction, Fraction, Fraction, Fraction])
  .refine(([x1, y1, x2, y2]) => x2 > x1 && y2 > y1, {
    message: 'a box is [x1, y1, x2, y2] with x1 < x2 and y1 < y2 (its top-left corner first)',
  })
  .meta({
    id: 'RoofBox',
    description:
      'A box around the roof: [x1, y1, x2, y2], its top-left then bottom-right corner, each in 0..1 of the photo',
  });

export const ROOF_SELECTION_LIMITS = { points: 20 } as const;

export const RoofSelectionRequest = z
  .object(
    {
      points: z
        .array(RoofTap)
        .min(1)
        .max(ROOF_SELECTION_LIMITS.points)
        .optional()
        .describe(
          `1..${ROOF_SELECTION_LIMITS.points} taps on the photo, on the roof or off it, in the order tapped (the latest last): each tap refines the answer to the ones before it`,
        ),
      box: RoofBox.optional(),
    },
    { error: unknownFieldsMessage },
  )
  .strict()
  .refine((body) => body.points !== undefined || body.box !== undefined, {
    message: 'send `points` (taps on the roof or off it), a `box` around the roof, or both',
  })
  .meta({
    id: 'RoofSelectionRequest',
    description:
      'Where the roof is, as a person would point at it: taps and/or a box, in fractions 0..1 of the photo as displayed (EXIF orientation applied)',
  });

export const RoofSelection = z
  .object({
    outline: RoofOutline.describe(
      "The selected roof's outer edges, in roof_outline's form (holes such as chimneys are in the mask)",
    ),
    mask_url: z
      .string()
      .describe(
        'Signed URL (1 hour) of the mask: a greyscale PNG, white on the roof, at up to 1024 pixels on its longest side',
      ),
    area_share: Fraction.describe('Share of the photo the selection covers, 0..1'),
    points: z.array(RoofTap).describe('The taps this selection was made from'),
    box: RoofBox.nullable().describe('The box this selection was made from, or null'),
    created_at: DateTime,
  })
  .strict()
  .meta({
    id: 'RoofSelection',
    description:
      'The roof the segmenter found where the partner pointed; the next generate without roof_outline paints it',
  });

export const RoofSelectionEnvelope = z.object({ roof_selection: RoofSelection }).strict();

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
    roof_outline: RoofOutline.nullable().describe(
      'The roof outline sent, or null: then the latest roof selection is painted, or without one the roof is found in the photo',
    ),
    roof_selection: RoofSelection.nullable().describe(
      'The latest roof selection (POST /visualizations/{id}/roof-selection), or null; an outline sent later replaces it',
    ),
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
