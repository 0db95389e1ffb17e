/**
 * The resources the OpenAPI document's examples show, one story told throughout: a Google Ads
 * lead of Summit Roofing Co., her measurement report and her roof visualization. Operations and
 * webhook payloads share these objects, so a resource looks the same wherever it appears; each
 * example is checked against its schema by test/openapi.examples.test.ts.
 */
import { encodeKey } from './routes/analytics/attributionKeys.ts';

export const EXAMPLE_BASE_URL = 'https://partners.example.com';

export const EXAMPLE_IDS = {
  workspace: 'ws_bkmdykgvp1v3re2bwdyc',
  apiKey: 'key_j531brsd53ybrt2kqpp2',
  lead: 'lead_r1hp9th24a2vy6tsddbk',
  secondLead: 'lead_8w2ndq5k7cx0f3vjm4hp',
  conversion: 'conv_3r71c4pad943wfafte8w',
  pageViewEvent: 'evt_64yx6wbcq7jgzd6519ww',
  formEvent: 'evt_nwdb3patgxypjmm16ewb',
  webhookEvent: 'evt_rj0pby71449fbpjdfhem',
  report: 'rpt_g0pkprn9szm1p798v4zt',
  revision: 'rrev_rtxp9dqw0a21erbs5v4p',
  pdfExport: 'rexp_2t4pfn701grvydjyvs9k',
  csvExport: 'rexp_66vygv0z2010n8zdaxbm',
  visualization: 'vis_jcx9jhtdp4sth5vbzzr3',
  session: 'sess_7f3c2a91e4',
  shareToken: 'jA0Af56k4xNkMhr8Y-717Iau_Zek36YpjvEUVmRKP8Y',
  request: 'req_5kq2m8x0v3d7hw1c9tza',
} as const;

export const EXAMPLE_STAGES = [
  { id: 'stage_eqqw8x64dd3bdxaeg8ds', key: 'new', label: 'New', sort_order: 1, is_conversion_stage: false },
  { id: 'stage_y6hf5bpgzpq2sh7rdz58', key: 'contacted', label: 'Contacted', sort_order: 2, is_conversion_stage: false },
  {
    id: 'stage_tn97t8eb4zxwhkj4fcj0',
    key: 'appointment_set',
    label: 'Appointment set',
    sort_order: 3,
    is_conversion_stage: false,
  },
  { id: 'stage_nm63s0te0p9syvs9jn16', key: 'quoted', label: 'Quoted', sort_order: 4, is_conversion_stage: false },
  { id: 'stage_8tz0xhzzncgfvdpc9qdq', key: 'sold', label: 'Sold', sort_order: 5, is_conversion_stage: true },
  { id: 'stage_78b9qqmpnrtfv5fzeadc', key: 'lost', label: 'Lost', sort_order: 6, is_conversion_stage: false },
];
const quoted = EXAMPLE_STAGES[3]!;

export const EXAMPLE_CATALOG = {
  materials: [
    { id: 'mat_eygenz1vhap0thrsyw31', name: 'Architectural asphalt shingles' },
    { id: 'mat_s12z82m8dfm0gt7am09h', name: 'Standing seam metal' },
  ],
  colors: [
    { id: 'col_ew4yfr8swp28tzkh2p8r', name: 'Charcoal Gray', hex_code: '#3b3d40' },
    { id: 'col_r9be5smnfj41fgv8fw2a', name: 'Barkwood Brown', hex_code: '#5a4632' },
  ],
  shapes: [
    { id: 'shp_bgnerr2znqv9gwg7fccg', name: 'Gable', roof_type: 'gable' },
    { id: 'shp_haxkfph6f0grzzzhzmzv', name: 'Hip', roof_type: 'hip' },
  ],
};
const [shingles] = EXAMPLE_CATALOG.materials;
const [, barkwood] = EXAMPLE_CATALOG.colors;
const [, hip] = EXAMPLE_CATALOG.shapes;

export const EXAMPLE_ATTRIBUTION = {
  source: 'google',
  medium: 'cpc',
  campaign: 'spring-roof-2026',
  content: 'free-estimate-ad',
  conversion_url: 'https://www.summitroofing.example/free-estimate',
};

export const EXAMPLE_LEAD = {
  id: EXAMPLE_IDS.lead,
  external_id: 'crm-88412',
  external_source: 'acculynx',
  contact_name: 'Dana Whitfield',
  contact_email: 'dana.whitfield@example.com',
  contact_phone: '5125550148',
  property_address: '1482 Oak Street, Austin, TX 78704',
  status: quoted.key,
  status_stage_id: quoted.id,
  status_label: quoted.label,
  status_sort_order: quoted.sort_order,
  is_conversion_stage: false,
  stage_timestamps: {
    new: '2026-03-02T15:35:04.512Z',
    contacted: '2026-03-02T18:02:40.117Z',
    appointment_set: '2026-03-03T14:20:09.884Z',
    quoted: '2026-03-05T16:45:31.030Z',
  },
  funnel_gap_summary: { has_gap: false, skipped_stages: [] },
  attribution: EXAMPLE_ATTRIBUTION,
  communication_summary: {
    last_call_at: '2026-03-02T18:02:40.117Z',
    last_sms_at: '2026-03-04T21:10:55.000Z',
    call_count: 2,
    answered_call_count: 1,
    missed_call_count: 1,
    sms_inbound_count: 1,
    sms_outbound_count: 2,
    last_tracking_number: { label: 'Google Ads – spring', phone_last4: '0190', national_format: '(512) 555-0190' },
    last_communication_source: 'google',
    last_communication_campaign: 'spring-roof-2026',
  },
  form_data: { roof_age_years: 18, insurance_claim: true, preferred_contact: 'sms' },
  custom_fields: { crm_owner: 'Luis Ortega', hail_zone: 'A2' },
  selected_material_id: shingles!.id,
  selected_color_id: barkwood!.id,
  selected_shape_id: hip!.id,
  notes: 'Wants an estimate before the insurance adjuster visits on Friday.',
  quote_value: 18450,
  sales_value: null,
  follow_up_date: '2026-03-09T15:00:00.000Z',
  converted_at: null,
  created_at: '2026-03-02T15:35:04.512Z',
  updated_at: '2026-03-05T16:45:31.030Z',
};

/** The same lead as POST /leads first created it, from a web form, before anyone had called her. */
export const EXAMPLE_NEW_LEAD = {
  ...EXAMPLE_LEAD,
  status: EXAMPLE_STAGES[0]!.key,
  status_stage_id: EXAMPLE_STAGES[0]!.id,
  status_label: EXAMPLE_STAGES[0]!.label,
  status_sort_order: EXAMPLE_STAGES[0]!.sort_order,
  stage_timestamps: { new: EXAMPLE_LEAD.created_at },
  communication_summary: {
    last_call_at: null,
    last_sms_at: null,
    call_count: 0,
    answered_call_count: 0,
    missed_call_count: 0,
    sms_inbound_count: 0,
    sms_outbound_count: 0,
    last_tracking_number: null,
    last_communication_source: null,
    last_communication_campaign: null,
  },
  custom_fields: { crm_owner: 'Luis Ortega' },
  notes: null,
  quote_value: null,
  follow_up_date: null,
  updated_at: EXAMPLE_LEAD.created_at,
};

export const EXAMPLE_CONVERSION = {
  id: EXAMPLE_IDS.conversion,
  lead_id: EXAMPLE_IDS.lead,
  external_event_id: 'crm-88412-contract-signed',
  conversion_number: 1,
  session_id: EXAMPLE_IDS.session,
  attribution: EXAMPLE_ATTRIBUTION,
  created_at: '2026-03-12T19:04:22.671Z',
  visualization_id: EXAMPLE_IDS.visualization,
  contact_name: EXAMPLE_LEAD.contact_name,
  contact_email: EXAMPLE_LEAD.contact_email,
  contact_phone: EXAMPLE_LEAD.contact_phone,
  property_address: EXAMPLE_LEAD.property_address,
};

export const EXAMPLE_REPORT = {
  id: EXAMPLE_IDS.report,
  project_name: 'EV-48213907',
  external_report_id: 'EV-48213907',
  status: 'draft',
  current_revision_id: EXAMPLE_IDS.revision,
  baseline_revision_id: EXAMPLE_IDS.revision,
  approved_revision_id: null,
  source_formats: ['pdf'],
  summary: {
    address: '1482 Oak Street, Austin, TX 78704',
    total_area_sqft: 2634,
    total_squares: 26.34,
    facet_count: 9,
    predominant_pitch: '7/12',
    lengths_ft: {
      ridge: 48,
      hip: 62,
      valley: 21,
      rake: 38,
      eave: 141,
      step_flashing: 12,
      flashing: 6,
      drip_edge: 179,
      parapet: 0,
      ridge_hip: 110,
    },
    waste_table: [
      { waste_percent: 0, area_sqft: 2634, squares: 26.34 },
      { waste_percent: 10, area_sqft: 2897, squares: 28.97 },
    ],
    sources: [
      {
        format: 'pdf',
        file_name: '1482-oak-street-premium-report.pdf',
        vendor: 'eagleview',
        product: 'EagleView Premium',
      },
    ],
    warnings: [],
  },
  current_revision_number: 1,
  project_address: '1482 Oak Street, Austin, TX 78704',
  location_label: 'Austin, TX 78704',
  location_lat: 30.2468,
  location_long: -97.7702,
  created_at: '2026-03-03T09:12:45.301Z',
  updated_at: '2026-03-03T09:12:49.877Z',
};

const exportUrl = (id: string) => `${EXAMPLE_BASE_URL}/api/v1/reports/exports/${id}/download`;

export const EXAMPLE_EXPORT = {
  export_id: EXAMPLE_IDS.pdfExport,
  report_id: EXAMPLE_IDS.report,
  revision_id: EXAMPLE_IDS.revision,
  format: 'pdf',
  file_name: 'EV-48213907-r1.pdf',
  mime_type: 'application/pdf',
  size_bytes: 48211,
  checksum: 'sha256:6831ec0294810cb2b9c0c49355c84a835b4aea71156d4df7b26f406173f1f27e',
  status: 'ready',
  error: null,
  download_url: exportUrl(EXAMPLE_IDS.pdfExport),
  created_at: '2026-03-03T09:15:02.114Z',
  completed_at: '2026-03-03T09:15:03.470Z',
};

/** The export as POST .../export answers it, before a worker has rendered it. */
export const pendingExport = (id: string, format: string, mimeType: string) => ({
  ...EXAMPLE_EXPORT,
  export_id: id,
  format,
  file_name: `EV-48213907-r1.${format}`,
  mime_type: mimeType,
  size_bytes: null,
  checksum: null,
  status: 'pending',
  download_url: exportUrl(id),
  completed_at: null,
});

const signedImage = (name: string) =>
  `${EXAMPLE_BASE_URL}/files/${EXAMPLE_IDS.workspace}/visualizations/${EXAMPLE_IDS.visualization}/${name}` +
  '?expires=1772560412&sig=lJWRR9kv87MT9NDQmio_t9Lt8600XQTnomnU0ElIMJw&type=image%2Fjpeg';

/** The roof of the example photo as a partner's UI traced it: the main roof and a dormer. */
export const EXAMPLE_ROOF_OUTLINE: [number, number][][] = [
  [
    [0.17, 0.46],
    [0.83, 0.46],
    [0.72, 0.24],
    [0.28, 0.24],
  ],
  [
    [0.44, 0.34],
    [0.56, 0.34],
    [0.5, 0.27],
  ],
];

/** A tap on the main roof, one on the wall below it, and nothing else: what a homeowner's two taps send. */
export const EXAMPLE_ROOF_SELECTION_REQUEST = {
  points: [
    { x: 0.42, y: 0.35, label: 'roof' as const },
    { x: 0.5, y: 0.62, label: 'not_roof' as const },
  ],
};

/** What the segmenter answered for those taps: the roof's outer edge, its mask and its share of the photo. */
export const EXAMPLE_ROOF_SELECTION = {
  outline: [
    [
      [0.171, 0.462],
      [0.281, 0.238],
      [0.719, 0.241],
      [0.829, 0.461],
    ] as [number, number][],
  ],
  mask_url:
    `${EXAMPLE_BASE_URL}/files/${EXAMPLE_IDS.workspace}/visualizations/${EXAMPLE_IDS.visualization}/roof-selection-sel_4x9ttq1b7m2kd0v3c8hp.png` +
    '?expires=1772560412&sig=V4c2qB0mZ3x8dT1rLk7yN5pWa9sJe6uHf0gRi2oXc4E&type=image%2Fpng',
  area_share: 0.1257,
  points: EXAMPLE_ROOF_SELECTION_REQUEST.points,
  box: null,
  created_at: '2026-03-03T15:53:34.208Z',
};

export const EXAMPLE_VISUALIZATION = {
  id: EXAMPLE_IDS.visualization,
  session_id: EXAMPLE_IDS.session,
  lead_id: EXAMPLE_IDS.lead,
  status: 'completed',
  material: shingles!,
  color: barkwood!,
  shape: hip!,
  original_image_url: signedImage('original'),
  generated_image_url: signedImage('generated'),
  roof_outline: EXAMPLE_ROOF_OUTLINE,
  roof_selection: null,
  processing_error: null,
  created_at: '2026-03-03T15:53:30.612Z',
  updated_at: '2026-03-03T15:53:41.905Z',
  completed_at: '2026-03-03T15:53:41.905Z',
};

/** The house photo as the partner sends it. */
export const EXAMPLE_PHOTO_URL = 'https://photos.summitroofing.example/leads/crm-88412/front-elevation.jpg';

/** As POST /visualizations answers: the photo's URL as sent, until the worker has downloaded it. */
export const PENDING_VISUALIZATION = {
  ...EXAMPLE_VISUALIZATION,
  status: 'pending',
  color: null,
  shape: null,
  original_image_url: EXAMPLE_PHOTO_URL,
  generated_image_url: null,
  updated_at: EXAMPLE_VISUALIZATION.created_at,
  completed_at: null,
};

/** Signed cursors as the API hands them out: base64url of the endpoint and position, then a MAC. */
export const EXAMPLE_CURSORS = {
  leads: 'WyJsZWFkcy5saXN0IixbMTc3MjQ2ODEwNDUxMjAwMCwibGVhZF9yMWhwOXRoMjRhMnZ5NnRzZGRiayJdXQ.yGekTE61a02U658LjD_VgA',
  leadsExport:
    'WyJsZWFkcy5leHBvcnQiLFsxNzcyNDY4MTA0NTEyMDAwLCJsZWFkX3IxaHA5dGgyNGEydnk2dHNkZGJrIl1d.xr7_NgmInUUnrDEZLWPidQ',
  reports:
    'WyJHRVQgL2FwaS92MS9yZXBvcnRzIixbIjIwMjYtMDMtMDJUMTU6NDA6MTEuMjA4WiIsInJwdF9nMHBrcHJuOXN6bTFwNzk4djR6dCJdXQ.QIaMYGvIO6brxJuB3vyIVg',
  sessionVisualizations:
    'WyJzZXNzaW9ucy9zZXNzXzdmM2MyYTkxZTQvdmlzdWFsaXphdGlvbnMiLFsxNzcyNTUzMjEyMDQwMDAwLCJ2aXNfamN4OWpodGRwNHN0aDV2Ynp6cjMiXV0.vRe7cWu0u4x6x6y2EAxl1A',
};

/** Three days of a Central-time report: the range the analytics examples ask for. */
export const EXAMPLE_ANALYTICS_QUERY = {
  from: '2026-03-02T00:00:00-06:00',
  to: '2026-03-05T00:00:00-06:00',
  timezone: 'America/Chicago',
};
export const EXAMPLE_RANGE = {
  from: '2026-03-02T06:00:00.000Z',
  to: '2026-03-05T06:00:00.000Z',
  timezone: 'America/Chicago',
};
const DAYS = ['2026-03-02', '2026-03-03', '2026-03-04'];

interface Figures {
  leads: [number, number, number];
  conversions: [number, number, number];
  forms: [number, number, number];
  calls: [number, number, number];
  /** Prorated spend per day, cents. */
  spend: [number, number, number];
  revenueCents: number;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** AttributionMetrics consistent with its daily figures (totals, rates and per-unit costs derived as the API does). */
export function exampleMetrics(f: Figures) {
  const leads = sum(f.leads);
  const conversions = sum(f.conversions);
  const spend = sum(f.spend);
  const calls = sum(f.calls);
  const answered = Math.ceil(calls * 0.75);
  const gaps = Math.floor(leads / 8);
  const stageCounts = [leads - conversions - 3, 1, 1, 1, conversions, 0].map((n) => Math.max(0, n));
  const series = (xs: number[]) => xs.map((value, i) => ({ date: DAYS[i]!, value }));
  return {
    lead_count: leads,
    conversion_count: conversions,
    conversion_rate: conversions / leads,
    avg_lead_to_sold_seconds: conversions ? 193_200 : null,
    funnel_gap_count: gaps,
    funnel_gap_rate: gaps / leads,
    form_count: sum(f.forms),
    call_count: calls,
    answered_call_count: answered,
    missed_call_count: calls - answered,
    call_duration_seconds_total: answered * 214,
    avg_call_duration_seconds: answered ? 214 : null,
    sms_inbound_count: 3,
    sms_outbound_count: 5,
    sms_inbound_thread_count: 2,
    sms_responded_thread_count: 2,
    sms_response_rate: 1,
    automated_spend_cents: spend - 5000,
    other_costs_cents: 5000,
    total_spend_cents: spend,
    prorated_spend_cents: spend,
    cpl_cents: Math.round(spend / leads),
    cpa_cents: conversions ? Math.round(spend / conversions) : null,
    revenue_cents: f.revenueCents,
    roas: f.revenueCents / spend,
    currency: 'USD',
    stage_counts: Object.fromEntries(EXAMPLE_STAGES.map((s, i) => [s.key, stageCounts[i]!])),
    funnel_gap_stage_counts: { appointment_set: gaps },
    stages: EXAMPLE_STAGES.map((s, i) => ({
      key: s.key,
      label: s.label,
      sort_order: s.sort_order,
      is_conversion_stage: s.is_conversion_stage,
      count: stageCounts[i]!,
    })),
    trend: {
      interval: 'day',
      points: DAYS.map((date, i) => ({
        date,
        lead_count: f.leads[i]!,
        conversion_count: f.conversions[i]!,
        prorated_spend_cents: f.spend[i]!,
      })),
    },
    trends: {
      interval: 'day',
      form_count: series(f.forms),
      call_count: series(f.calls),
    },
  };
}

export const EXAMPLE_FIGURES = {
  google: {
    leads: [4, 6, 5],
    conversions: [0, 1, 1],
    forms: [3, 4, 4],
    calls: [1, 2, 1],
    spend: [21450, 23800, 22975],
    revenueCents: 3_612_000,
  },
  facebook: {
    leads: [2, 1, 3],
    conversions: [0, 0, 1],
    forms: [2, 1, 3],
    calls: [0, 1, 0],
    spend: [9800, 10250, 9975],
    revenueCents: 1_595_000,
  },
  all: {
    leads: [6, 7, 8],
    conversions: [0, 1, 2],
    forms: [5, 5, 7],
    calls: [1, 3, 1],
    spend: [31250, 34050, 32950],
    revenueCents: 5_207_000,
  },
} satisfies Record<string, Figures>;

/** An attribution row of `dimension`, at its coordinates (source and/or campaign), keyed as the API keys rows. */
export function exampleRow(
  dimension: 'source' | 'campaign',
  at: { source?: string; campaign?: string },
  medium: string | null,
  f: Figures,
) {
  const value = at[dimension]!;
  const coordinates = (['source', 'campaign'] as const).filter((d) => at[d] !== undefined);
  return {
    id: coordinates.map((d) => `${d}:${encodeKey(at[d]!)}`).join('/'),
    key: encodeKey(value),
    label: value,
    source: at.source ?? null,
    medium,
    campaign: at.campaign ?? null,
    metrics: exampleMetrics(f),
  };
}
