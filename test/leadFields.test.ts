import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEAD_COLUMNS,
  LEAD_FIELDS,
  READ_LEAD_COLUMNS,
  SHOWN_LEAD_FIELDS,
  SQL_TYPES,
  type LeadField,
  type LeadFieldSpec,
} from '../core/leadFields.ts';
import { createTestContext, type TestContext, type Tenant } from './helpers/harness.ts';

let t: TestContext;
let tenant: Tenant;
beforeAll(async () => {
  t = await createTestContext();
  tenant = await t.tenant();
});
afterAll(() => t.close());

type OpenApiObject = { properties: Record<string, unknown> };
const schemaOf = async (name: string) =>
  ((await t.request('GET', '/api/v1/openapi.json')).body.components.schemas[name] as OpenApiObject).properties;

/** The kinds whose values storage types as never null (core/leadFields.ts, StoredAs). */
const NOT_NULL_KINDS = new Set(['key', 'timestamp', 'record', 'attribution', 'attribution-overrides', 'flag']);

describe('the lead field declaration (core/leadFields.ts) against the database', () => {
  it('declares exactly the columns of leads, each with the SQL type of its kind', async () => {
    const columns = await t.sql<{ column_name: string; data_type: string; is_nullable: 'YES' | 'NO' }[]>`
      select column_name, data_type, is_nullable from information_schema.columns
      where table_schema = current_schema() and table_name = 'leads'`;
    expect(columns.map((c) => c.column_name).sort()).toEqual([...LEAD_COLUMNS].sort());
    for (const c of columns) {
      const kind = LEAD_FIELDS[c.column_name as LeadField].kind;
      expect(c.data_type, `leads.${c.column_name} as a ${kind}`).toBe(SQL_TYPES[kind]);
    }
    // Storage's row types say which columns are never null; the table must agree.
    for (const c of columns.filter((c) => (READ_LEAD_COLUMNS as readonly string[]).includes(c.column_name))) {
      const kind = LEAD_FIELDS[c.column_name as LeadField].kind;
      expect(c.is_nullable, `leads.${c.column_name} nullable`).toBe(NOT_NULL_KINDS.has(kind) ? 'NO' : 'YES');
    }
  });

  it("renders exactly Lead's declared fields, in their order, in lead_document", async () => {
    const created = await t.request('POST', '/api/v1/leads', {
      key: tenant.key,
      headers: { 'idempotency-key': 'lead-fields-1' },
      body: { contact_name: 'Ann Roof', quote_value: 12 },
    });
    expect(created.status).toBe(201);
    const [row] = await t.sql<{ keys: string[] }[]>`
      select array(select json_object_keys(lead_document(l, s))) as keys
      from leads l join pipeline_stages s on s.id = l.stage_id
      where l.id = ${created.body.lead.id}`;
    expect(row!.keys).toEqual(SHOWN_LEAD_FIELDS);
    // The stored document, what every answer holding a lead passes through, keeps that order too.
    expect(Object.keys(created.body.lead)).toEqual(SHOWN_LEAD_FIELDS);
    expect(Object.keys(await schemaOf('Lead'))).toEqual(SHOWN_LEAD_FIELDS);
  });
});

describe('the OpenAPI shapes derived from the declaration', () => {
  // Pinned by hand: the contract's property order, which a change to the declaration must not move.
  it('keeps the property names and order of LeadWrite, LeadPatch and Lead', async () => {
    const patch = [
      'contact_name',
      'contact_email',
      'contact_phone',
      'property_address',
      'form_data',
      'custom_fields',
      'selected_material_id',
      'selected_color_id',
      'selected_shape_id',
      'status_stage_id',
      'attribution',
      'marketing_attribution_overrides',
      'notes',
      'quote_value',
      'sales_value',
      'follow_up_date',
    ];
    expect(Object.keys(await schemaOf('LeadPatch'))).toEqual(patch);
    expect(Object.keys(await schemaOf('LeadWrite'))).toEqual([
      'external_id',
      'external_source',
      'session_id',
      ...patch,
    ]);
    expect(Object.keys(await schemaOf('Lead'))).toEqual([
      'id',
      'external_id',
      'external_source',
      'contact_name',
      'contact_email',
      'contact_phone',
      'property_address',
      'status',
      'status_stage_id',
      'status_label',
      'status_sort_order',
      'is_conversion_stage',
      'stage_timestamps',
      'funnel_gap_summary',
      'attribution',
      'communication_summary',
      'form_data',
      'custom_fields',
      'selected_material_id',
      'selected_color_id',
      'selected_shape_id',
      'notes',
      'quote_value',
      'sales_value',
      'follow_up_date',
      'converted_at',
      'created_at',
      'updated_at',
    ]);
  });

  it('describes every LeadWrite field, and bounds every text a partner writes', async () => {
    for (const [name, schema] of Object.entries(await schemaOf('LeadWrite')))
      expect((schema as { description?: string }).description, name).toMatch(/\w/);
    for (const [name, field] of Object.entries(LEAD_FIELDS) as [string, LeadFieldSpec][])
      if (field.write && field.kind === 'text') expect(field.max, `${name}'s max`).toBeGreaterThan(0);
  });

  it('keeps the export header', async () => {
    const res = await t.request('GET', '/api/v1/leads/export', { key: tenant.key });
    expect(res.status).toBe(200);
    expect(res.text.split('\n')[0]).toBe(
      'id,external_id,external_source,contact_name,contact_email,contact_phone,property_address,status,status_label,' +
        'source,medium,campaign,content,conversion_url,quote_value,sales_value,follow_up_date,converted_at,notes,' +
        'created_at,updated_at',
    );
  });
});
