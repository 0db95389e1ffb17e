import { z } from 'zod';
import { DateTime, HttpUrl, idParam } from './common.ts';
import { paginationQuery, CursorPagination } from '../http/pagination.ts';
import { LENGTH_KINDS, REPORT_VENDORS } from '../../core/reportModel.ts';
import { EXPORT_FORMATS, REPORT_STATUSES } from '../../storage/reports.ts';

export const ReportArtifactFormat = z
  .enum(['xml', 'csv', 'xlsx', 'dxf', 'pdf', 'json', 'zip', 'manifest', 'tif', 'png', 'jpg', 'jpeg', 'webp', 'gif'])
  .meta({ id: 'ReportArtifactFormat' });

const Feet = z.number().nullable();
const LENGTH_DESCRIPTIONS: Record<(typeof LENGTH_KINDS)[number], string> = {
  ridge: 'Ridges: level lines where two facets meet at the top',
  hip: 'Hips: sloped lines where two facets meet over an outside corner',
  valley: 'Valleys: sloped lines where two facets meet in an inside corner',
  rake: 'Rakes: sloped outer edges (gable ends)',
  eave: 'Eaves: level outer edges at the bottom of a facet (gutter line)',
  step_flashing: 'Step flashing: where a facet runs up along a wall',
  flashing: 'Flashing (apron or wall flashing): where a facet meets a wall across its slope',
  drip_edge: 'Drip edge: eaves and rakes together, as printed (or their sum)',
  parapet: 'Parapet walls',
};
const LengthsFt = z
  .object({
    ...Object.fromEntries(LENGTH_KINDS.map((k) => [k, Feet.describe(LENGTH_DESCRIPTIONS[k])])),
    ridge_hip: Feet.describe(
      'Ridges and hips together, as some vendors print them (HOVER, EagleView front page); the sum of ridge and hip when both are known',
    ),
  })
  .describe(
    'Line lengths in decimal feet (feet and inches as printed are converted: 92ft 2in is 92.17); null when the source does not state one',
  )
  .meta({ id: 'ReportLengths' });

const RoofFigures = {
  total_area_sqft: z.number().nullable().describe('Roof area in square feet (sloped, not plan), all facets together'),
  total_squares: z.number().nullable().describe('The area in roofing squares of 100 sq ft'),
  predominant_pitch: z
    .string()
    .nullable()
    .describe('"5/12": as printed, else the pitch with the most area (rise in inches per 12 inches of run)'),
  facet_count: z.number().int().nullable().describe('Number of roof facets (planes)'),
  facets: z
    .array(
      z.object({
        id: z.string().describe('As the source names the facet ("RF-1", "F3")'),
        area_sqft: z.number().describe("The facet's sloped area in square feet"),
        pitch: z.string().nullable().describe('"6/12"; null when the source gives none'),
      }),
    )
    .describe('Each facet, when the source lists them; empty otherwise'),
  areas_per_pitch: z
    .array(
      z.object({
        pitch: z.string().describe('"6/12"'),
        area_sqft: z.number().describe('Roof area at that pitch in square feet'),
      }),
    )
    .describe('Roof area per pitch; empty when the source gives no breakdown'),
  lengths_ft: LengthsFt,
  waste_table: z
    .array(
      z.object({
        waste_percent: z.number().describe('Waste added, in percent (0 is the measured area)'),
        area_sqft: z.number().describe('Area with that waste, in square feet'),
        squares: z.number().describe('Squares to order: as printed (25⅓ is 25.33), else rounded up to a third'),
      }),
    )
    .describe("The source's waste table, else one computed from the area"),
};

export const StructureSummary = z
  .object({
    name: z.string().describe('As the source prints it: "Structure 1", "Garage"'),
    number: z.number().int().nullable().describe("The structure's number as printed; null when it has none"),
    ...RoofFigures,
  })
  .meta({ id: 'ReportStructureSummary' });

export const ReportSource = z
  .object({
    file_name: z.string().describe('The uploaded file (or zip entry) the figures were read from'),
    format: z
      .string()
      .describe('What the file is, as precisely as its reader could tell: pdf, json, hover_xml, csv, …'),
    vendor: z
      .enum(REPORT_VENDORS)
      .describe('Who made the file; `unknown` when no reader recognised it (an import from one is `needs_review`)'),
    product: z
      .string()
      .nullable()
      .describe(
        'The product or layout recognised: "EagleView Premium", "EagleView Premium Roof & Walls", "Roofr report", "Hover measurements JSON", …; null when the figures were read by their labels alone',
      ),
  })
  .meta({ id: 'ReportSource' });

export const ReportSummary = z
  .object({
    address: z
      .string()
      .nullable()
      .describe("The property address as the source prints it; also the report's project_address"),
    ...RoofFigures,
    structures: z
      .array(StructureSummary)
      .optional()
      .describe(
        "Present only when the source has more than one structure (house, garage, barn…): each one's own figures. The top-level figures are then the property's totals: as printed, else the structures' sum",
      ),
    missing: z.array(z.string()).describe('Key measurements the sources did not provide; empty for a draft'),
    warnings: z
      .array(z.string())
      .describe(
        'What needs checking: figures that disagree, parts of a drawing left out, a layout read by labels alone',
      ),
    sources: z.array(ReportSource).describe('Each file the figures were read from, with its vendor and product'),
    failure_reason: z.string().optional().describe('Why the import failed (status `failed`)'),
  })
  .partial()
  .describe('The normalized measurement summary: the property totals, and per structure when there are several')
  .meta({ id: 'ReportSummary' });

export const ReportStatus = z.enum(REPORT_STATUSES).meta({ id: 'ReportStatus' });

export const Report = z
  .object({
    id: z.string(),
    project_name: z.string(),
    external_report_id: z.string().nullable(),
    status: ReportStatus,
    current_revision_id: z.string().nullable(),
    baseline_revision_id: z.string().nullable(),
    approved_revision_id: z.string().nullable(),
    source_formats: z.array(ReportArtifactFormat),
    summary: ReportSummary,
    current_revision_number: z.number().int().nullable(),
    project_address: z.string().nullable(),
    location_label: z.string().nullable(),
    location_lat: z.number().nullable(),
    location_long: z.number().nullable(),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .strict()
  .meta({ id: 'Report' });

export const ExportFormat = z.enum(EXPORT_FORMATS).meta({ id: 'ReportExportFormat' });

export const ReportExportArtifact = z
  .object({
    export_id: z.string(),
    report_id: z.string(),
    revision_id: z.string().nullable(),
    format: ExportFormat,
    file_name: z.string(),
    mime_type: z.string(),
    size_bytes: z.number().int().nullable().describe('Null until ready'),
    checksum: z
      .string()
      .regex(/^sha256:[0-9a-f]{64}$/)
      .nullable()
      .describe('sha256:<hex> once ready'),
    status: z.enum(['pending', 'ready', 'failed']),
    error: z.string().nullable(),
    download_url: HttpUrl.describe('The API endpoint that redirects to a short-lived signed URL'),
    created_at: DateTime,
    completed_at: DateTime.nullable(),
  })
  .strict()
  .meta({ id: 'ReportExportArtifact' });

/** Path ids of endpoints that list no 400: an id beyond 1..200 characters finds nothing (404). */
export const MAX_ID_LENGTH = 200;
const lookupId = z.string().describe(`1..${MAX_ID_LENGTH} characters; a longer id is not found (404)`);
export const ReportLookupParams = z.object({ report_id: lookupId }).strict();
export const ExportLookupParams = z.object({ export_id: lookupId }).strict();
/** The export endpoint lists 400, so its bounds are validated. */
export const ReportIdParams = z.object({ report_id: idParam(MAX_ID_LENGTH) }).strict();

export const ListReportsQuery = z
  .object({
    from: DateTime.optional().describe('Inclusive lower bound on updated_at'),
    to: DateTime.optional().describe('Inclusive upper bound on updated_at'),
    status: z.enum(['draft', 'needs_review', 'approved', 'failed']).optional(),
    search: z.string().max(200).optional().describe('Matches project name, address and external report id'),
    ...paginationQuery,
  })
  .strict();

/** Documents the multipart form; the handler reads and checks the parts itself. */
export const ImportForm = z
  .object({
    files: z
      .array(z.string().meta({ format: 'binary' }))
      .min(1)
      .describe(
        'One standalone PDF, or the files of a package: Hover measurements JSON, XML, CSV, XLSX, DXF (or a .zip of them)',
      ),
    external_report_id: z.string().min(1).max(200).optional(),
  })
  .strict();

export const ImportFields = z.object({ external_report_id: z.string().min(1).max(200).optional() }).strict();

export const ExportBody = z
  .object({
    formats: z
      .array(ExportFormat)
      .min(1)
      .max(EXPORT_FORMATS.length)
      .describe('pdf needs the reports.export_pdf scope, every other format reports.export_technical'),
    revision_id: z.string().min(1).max(200).optional(),
  })
  .strict();

export const ReportResponse = z.object({ report: Report }).strict();
export const ReportListResponse = z.object({ reports: z.array(Report), pagination: CursorPagination }).strict();
export const ReportDetailResponse = z.object({ report: Report, exports: z.array(ReportExportArtifact) }).strict();
export const ExportsResponse = z.object({ exports: z.array(ReportExportArtifact) }).strict();
export const ExportResponse = z.object({ export: ReportExportArtifact }).strict();
