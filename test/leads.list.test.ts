import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createTestContext, type TestContext, type Tenant } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import { upsertLead } from '../storage/leadWrites.ts';
import { NEWEST_WINDOW } from '../storage/leads.ts';
import { insertCommunications } from '../storage/communications.ts';

let t: TestContext;
let tenant: Tenant;
let other: Tenant;
const ids: Record<string, string> = {};
let n = 0;
const ik = () => ({ 'idempotency-key': `k-${++n}` });
const get = (path: string, key = tenant.key) => t.request('GET', path, { key });

beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000' });
  tenant = await t.tenant();
  other = await t.tenant();
  const mk = async (name: string, body: Record<string, unknown>, conversionType = 'partner_api') => {
    const { lead } = await upsertLead(t.sql, tenant.workspaceId, { contact_name: name, ...body }, { conversionType });
    ids[name] = lead.id;
  };
  await mk('Alice Gable', {
    contact_phone: '2125550001',
    contact_email: 'alice@example.com',
    attribution: { source: 'google', medium: 'cpc', campaign: 'spring' },
  });
  await mk(
    'Bob Hip',
    {
      property_address: '9 Elm St, Austin, TX 78701',
      attribution: { source: 'facebook', medium: 'social', campaign: 'spring' },
    },
    'onsite_form',
  );
  await mk('Carol Shingle', {
    attribution: { source: 'google', medium: 'organic' },
    marketing_attribution_overrides: { source: 'referral' },
  });
  await mk('Dan Valley', { contact_phone: '6465550199' });
  await upsertLead(
    t.sql,
    other.workspaceId,
    { contact_name: 'Alice Elsewhere', attribution: { source: 'google' } },
    { conversionType: 'partner_api' },
  );
  await insertCommunications(t.sql, tenant.workspaceId, [
    {
      lead_id: ids['Dan Valley']!,
      channel: 'call',
      direction: 'inbound',
      status: 'answered',
      started_at: '2026-11-01T10:00:00Z',
      duration_seconds: 120,
      tracking_label: 'Google Ads',
      tracking_phone_last4: '0100',
      tracking_national_format: '(212) 555-0100',
      source: 'google',
      campaign: 'spring',
    },
    {
      lead_id: ids['Dan Valley']!,
      channel: 'call',
      direction: 'inbound',
      status: 'missed',
      started_at: '2026-11-02T10:00:00Z',
    },
    {
      lead_id: ids['Dan Valley']!,
      channel: 'sms',
      direction: 'inbound',
      status: 'received',
      started_at: '2026-11-03T10:00:00Z',
    },
    {
      lead_id: ids['Bob Hip']!,
      channel: 'sms',
      direction: 'outbound',
      status: 'delivered',
      started_at: '2026-11-03T10:00:00Z',
      approved: false,
    },
  ]);
});
afterAll(() => t.close());

const names = (res: { body: { leads: { contact_name: string }[] } }) =>
  res.body.leads.map((l) => l.contact_name).sort();

describe('GET /api/v1/leads', () => {
  it('lists only the workspace’s active leads, newest first, matching the spec', async () => {
    const res = await get('/api/v1/leads');
    expect(res.status).toBe(200);
    expect(res.body.leads.map((l: any) => l.contact_name)).toEqual([
      'Dan Valley',
      'Carol Shingle',
      'Bob Hip',
      'Alice Gable',
    ]);
    expect(res.body.pagination).toEqual({ limit: 50, next_cursor: null, has_more: false });
    await expectMatchesSpec(t, 'GET', '/api/v1/leads', res);
  });

  it.each([
    ['source=google', ['Alice Gable']],
    ['source=referral', ['Carol Shingle']],
    ['medium=social', ['Bob Hip']],
    ['campaign=spring', ['Alice Gable', 'Bob Hip']],
    ['conversion_type=onsite_form', ['Bob Hip']],
    ['communication_channel=call', ['Dan Valley']],
    ['communication_channel=sms', ['Dan Valley']],
    ['search=ALICE', ['Alice Gable']],
    ['search=example.com', ['Alice Gable']],
    ['search=austin', ['Bob Hip']],
    ['search=(646)%20555', ['Dan Valley']],
    ['search=555-0199', ['Dan Valley']],
    ['search=212555', ['Alice Gable']],
    ['search=5550001', ['Alice Gable']],
    ['search=0199', ['Dan Valley']],
    ['search=6465550199', ['Dan Valley']],
    ['search=%2B1%20646%20555%200199', ['Dan Valley']],
    ['search=78701', ['Bob Hip']],
    ['search=gable%20alice', []],
    ['search=100%25', []],
  ])('filters by %s', async (q, expected) => {
    const res = await get(`/api/v1/leads?${q}`);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(expected);
  });

  // The filters read the generated source/medium/campaign columns; Lead.attribution is rendered by
  // lead_document. Both take the effective value from effective_attribution_value (migration 20): for
  // every value a lead shows, the filter must return exactly the leads that show it.
  it('filters on the same effective attribution that Lead.attribution shows', async () => {
    const own = await t.tenant();
    const mk = async (name: string, body: Record<string, unknown>) =>
      (await upsertLead(t.sql, own.workspaceId, { contact_name: name, ...body }, { conversionType: 'partner_api' }))
        .lead.id;
    await mk('Tracked Only', { attribution: { source: 'google', medium: 'cpc', campaign: 'fall' } });
    await mk('Overridden', {
      attribution: { source: 'google', medium: 'cpc', campaign: 'fall' },
      marketing_attribution_overrides: { source: 'referral', campaign: 'winter' },
    });
    await mk('Override Alone', { marketing_attribution_overrides: { medium: 'email' } });
    await mk('Untracked', {});
    const removed = await mk('Override Removed', {
      attribution: { source: 'bing', medium: 'cpc' },
      marketing_attribution_overrides: { source: 'yelp', medium: 'listing' },
    });
    const patched = await t.request('PATCH', `/api/v1/leads/${removed}`, {
      key: own.key,
      body: { marketing_attribution_overrides: { source: null } },
      headers: ik(),
    });
    expect(patched.status).toBe(200);

    const all = (await get('/api/v1/leads', own.key)).body.leads as any[];
    expect(all).toHaveLength(5);
    const shown = (field: string, value: string) =>
      all
        .filter((l) => l.attribution[field] === value)
        .map((l) => l.contact_name)
        .sort();
    const pairs = ['source', 'medium', 'campaign'].flatMap((field) =>
      [...new Set(all.map((l) => l.attribution[field]).filter((v) => v !== null))].map((v) => [field, v as string]),
    );
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['source', 'referral'],
        ['source', 'bing'],
        ['medium', 'email'],
        ['medium', 'listing'],
        ['campaign', 'winter'],
      ]),
    );
    for (const [field, value] of pairs) {
      const res = await get(`/api/v1/leads?${field}=${encodeURIComponent(value!)}`, own.key);
      expect(res.status).toBe(200);
      expect([field, value, names(res).sort()]).toEqual([field, value, shown(field!, value!)]);
    }
  });

  it('filters by status_stage_id and by inclusive updated_at bounds', async () => {
    const stages = (await get('/api/v1/pipeline/stages')).body.stages;
    const quoted = stages.find((s: any) => s.key === 'quoted').id;
    await t.request('PATCH', `/api/v1/leads/${ids['Bob Hip']}`, {
      key: tenant.key,
      body: { status_stage_id: quoted },
      headers: ik(),
    });
    expect(names(await get(`/api/v1/leads?status_stage_id=${quoted}`))).toEqual(['Bob Hip']);
    const lead = (await get(`/api/v1/leads/${ids['Bob Hip']}`)).body.lead;
    const at = encodeURIComponent(lead.updated_at);
    expect(names(await get(`/api/v1/leads?from=${at}&to=${at}`))).toEqual(['Bob Hip']);
    expect(names(await get(`/api/v1/leads?from=${encodeURIComponent('2100-01-01T00:00:00Z')}`))).toEqual([]);
  });

  it('keeps the communication_channel filter current when calls are un-approved or deleted', async () => {
    const other = await t.tenant();
    const { lead } = await upsertLead(
      t.sql,
      other.workspaceId,
      { contact_name: 'Flip Flop' },
      { conversionType: 'partner_api' },
    );
    await insertCommunications(t.sql, other.workspaceId, [
      {
        lead_id: lead.id,
        channel: 'call',
        direction: 'inbound',
        status: 'answered',
        started_at: '2026-11-01T10:00:00Z',
      },
    ]);
    expect(names(await get('/api/v1/leads?communication_channel=call', other.key))).toEqual(['Flip Flop']);
    await t.sql`update communications set approved = false where lead_id = ${lead.id}`;
    expect(names(await get('/api/v1/leads?communication_channel=call', other.key))).toEqual([]);
    await t.sql`update communications set approved = true where lead_id = ${lead.id}`;
    expect(names(await get('/api/v1/leads?communication_channel=call', other.key))).toEqual(['Flip Flop']);
    await t.sql`delete from communications where lead_id = ${lead.id}`;
    expect(names(await get('/api/v1/leads?communication_channel=call', other.key))).toEqual([]);
  });

  it('summarises approved calls and SMS in communication_summary', async () => {
    const lead = (await get(`/api/v1/leads/${ids['Dan Valley']}`)).body.lead;
    expect(lead.communication_summary).toEqual({
      last_call_at: '2026-11-02T10:00:00.000Z',
      last_sms_at: '2026-11-03T10:00:00.000Z',
      call_count: 2,
      answered_call_count: 1,
      missed_call_count: 1,
      sms_inbound_count: 1,
      sms_outbound_count: 0,
      last_tracking_number: { label: 'Google Ads', phone_last4: '0100', national_format: '(212) 555-0100' },
      last_communication_source: 'google',
      last_communication_campaign: 'spring',
    });
    const bob = (await get(`/api/v1/leads/${ids['Bob Hip']}`)).body.lead;
    expect(bob.communication_summary.sms_outbound_count).toBe(0);
  });

  it('pages with signed cursors without duplicates or gaps while leads are written', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const res = await get(`/api/v1/leads?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.leads.map((l: any) => l.id));
      cursor = res.body.pagination.next_cursor;
      expect(res.body.pagination.has_more).toBe(cursor !== null);
      if (page++ === 0)
        await upsertLead(
          t.sql,
          tenant.workspaceId,
          { contact_name: 'Written meanwhile' },
          { conversionType: 'partner_api' },
        );
    } while (cursor);
    expect(seen).toEqual([ids['Dan Valley'], ids['Carol Shingle'], ids['Bob Hip'], ids['Alice Gable']]);
  });

  it.each([
    ['a tampered cursor', (c: string) => c.slice(0, -2) + (c.endsWith('AA') ? 'BB' : 'AA')],
    ['garbage', () => 'not-a-cursor'],
    ['a cursor over 500 characters', () => 'x'.repeat(501)],
  ])('rejects %s with 400', async (_, mutate) => {
    const first = await get('/api/v1/leads?limit=1');
    const res = await get(`/api/v1/leads?cursor=${encodeURIComponent(mutate(first.body.pagination.next_cursor))}`);
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues[0].path).toBe('cursor');
    await expectMatchesSpec(t, 'GET', '/api/v1/leads', res);
  });

  it('rejects a cursor from another endpoint', async () => {
    const exp = await t.request('GET', '/api/v1/leads/export?limit=1', { key: tenant.key });
    const cursor = exp.headers.get('x-export-next-cursor')!;
    expect(cursor).toBeTruthy();
    expect((await get(`/api/v1/leads?cursor=${encodeURIComponent(cursor)}`)).status).toBe(400);
  });

  it.each([
    'limit=0',
    'limit=101',
    'limit=abc',
    'conversion_type=fax',
    'communication_channel=email',
    'from=yesterday',
    `search=${'x'.repeat(201)}`,
    'unknown=1',
  ])('rejects %s with 400', async (q) => {
    const res = await get(`/api/v1/leads?${q}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('accepts limit bounds 1 and 100', async () => {
    expect((await get('/api/v1/leads?limit=1')).body.leads).toHaveLength(1);
    expect((await get('/api/v1/leads?limit=100')).body.pagination.limit).toBe(100);
  });

  it('needs leads.read', async () => {
    const key = await t.keyFor(tenant.workspaceId, ['leads.write']);
    const res = await get('/api/v1/leads', key);
    expect(res.status).toBe(403);
    await expectMatchesSpec(t, 'GET', '/api/v1/leads', res);
  });
});

describe('GET /api/v1/leads/export', () => {
  it('streams a dated, formula-safe CSV of the filtered leads', async () => {
    await upsertLead(
      t.sql,
      tenant.workspaceId,
      { contact_name: '=HYPERLINK("http://evil")', notes: '@SUM(A1)', attribution: { source: '+cmd' } },
      { conversionType: 'partner_api' },
    );
    const res = await t.request('GET', '/api/v1/leads/export', { key: tenant.key });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('x-export-truncated')).toBe('false');
    expect(res.headers.get('x-export-next-cursor')).toBeNull();
    const rows = parse(res.text, { columns: true }) as Record<string, string>[];
    const evil = rows.find((r) => r.contact_name!.includes('HYPERLINK'))!;
    expect(evil.contact_name).toBe(`'=HYPERLINK("http://evil")`);
    expect(evil.notes).toBe(`'@SUM(A1)`);
    expect(evil.source).toBe(`'+cmd`);
    expect(rows.find((r) => r.contact_name === 'Alice Gable')).toMatchObject({
      contact_phone: '2125550001',
      source: 'google',
      status: 'new',
    });
    expect(rows.some((r) => r.contact_name === 'Alice Elsewhere')).toBe(false);
    const filtered = parse((await t.request('GET', '/api/v1/leads/export?campaign=spring', { key: tenant.key })).text, {
      columns: true,
    });
    expect(filtered.map((r: any) => r.contact_name).sort()).toEqual(['Alice Gable', 'Bob Hip']);
  });

  it('truncates at limit and continues with X-Export-Next-Cursor until done', async () => {
    const all = parse((await t.request('GET', '/api/v1/leads/export', { key: tenant.key })).text, {
      columns: true,
    }) as any[];
    const collected: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 20; i++) {
      const res = await t.request(
        'GET',
        `/api/v1/leads/export?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { key: tenant.key },
      );
      const rows = parse(res.text, { columns: true }) as any[];
      expect(rows.length).toBeLessThanOrEqual(2);
      collected.push(...rows.map((r) => r.id));
      if (res.headers.get('x-export-truncated') === 'false') break;
      cursor = res.headers.get('x-export-next-cursor');
    }
    expect(collected).toEqual(all.map((r) => r.id));
  });

  it('needs leads.export and rejects bad filters', async () => {
    const key = await t.keyFor(tenant.workspaceId, ['leads.read']);
    expect((await t.request('GET', '/api/v1/leads/export', { key })).status).toBe(403);
    expect((await t.request('GET', '/api/v1/leads/export?limit=10001', { key: tenant.key })).status).toBe(400);
    expect((await t.request('GET', '/api/v1/leads/export')).status).toBe(401);
  });
});

describe('GET /api/v1/leads when matches are rare and old', () => {
  it('finds them beyond the first pass window, for search and updated_at bounds, and pages through them', async () => {
    const big = await t.tenant();
    // Separate statements outside a transaction: each gets its own created_at, so the order is known.
    await upsertLead(
      t.sql,
      big.workspaceId,
      { contact_name: 'Zelda Oldest', property_address: '1 Rare Rd, Boise, ID 83702', contact_phone: '2085550111' },
      { conversionType: 'partner_api' },
    );
    await upsertLead(
      t.sql,
      big.workspaceId,
      { contact_name: 'Zed Older', property_address: '2 Rare Rd, Boise, ID 83702', contact_phone: '2085550122' },
      { conversionType: 'partner_api' },
    );
    const [{ cut }] = await t.sql`select now() as cut`;
    await new Promise((r) => setTimeout(r, 20));
    // More newer leads than the first pass walks, so only the second pass can reach the rare ones.
    const [stage] =
      await t.sql`select id from pipeline_stages where workspace_id = ${big.workspaceId} order by sort_order limit 1`;
    await t.sql`
      insert into leads (id, workspace_id, stage_id, stage_timestamps, attribution, conversion_type, contact_name)
      select ${big.workspaceId} || '_filler_' || g, ${big.workspaceId}, ${stage!.id}, '{}', '{}', 'partner_api', 'Filler ' || g
      from generate_series(1, ${NEWEST_WINDOW + 100}) g`;
    const search = await get('/api/v1/leads?search=rare%20rd&limit=1', big.key);
    expect(search.body.leads.map((l: any) => l.contact_name)).toEqual(['Zed Older']);
    const next = await get(
      `/api/v1/leads?search=rare%20rd&limit=1&cursor=${encodeURIComponent(search.body.pagination.next_cursor)}`,
      big.key,
    );
    expect(next.body.leads.map((l: any) => l.contact_name)).toEqual(['Zelda Oldest']);
    expect(next.body.pagination.has_more).toBe(false);
    // Digits from the phone's first one (the phone index) and from its middle (the trigram index).
    expect(names(await get('/api/v1/leads?search=(208)%20555', big.key))).toEqual(['Zed Older', 'Zelda Oldest']);
    expect(names(await get('/api/v1/leads?search=550122', big.key))).toEqual(['Zed Older']);
    const old = await get(`/api/v1/leads?to=${encodeURIComponent(new Date(cut).toISOString())}`, big.key);
    expect(names(old)).toEqual(['Zed Older', 'Zelda Oldest']);
    // Updated after every filler was written: the only leads a `from` bound at that moment matches.
    await new Promise((r) => setTimeout(r, 20));
    const [{ since }] = await t.sql`select now() as since`;
    await new Promise((r) => setTimeout(r, 20));
    await t.sql`update leads set notes = 'called back', updated_at = now() where workspace_id = ${big.workspaceId} and contact_name like 'Z%'`;
    const touched = await get(`/api/v1/leads?from=${encodeURIComponent(new Date(since).toISOString())}`, big.key);
    expect(names(touched)).toEqual(['Zed Older', 'Zelda Oldest']);
  });

  it('finds a term whose words every lead has through its rarest part, alone and with an equality filter', async () => {
    const big = await t.tenant();
    const stages = await t.sql<{ id: string }[]>`
      select id from pipeline_stages where workspace_id = ${big.workspaceId} order by sort_order`;
    // Every lead is a "Homeowner", more of them newer than the first pass walks; two older ones
    // hold the rare part, in different stages.
    await t.sql`
      insert into leads (id, workspace_id, stage_id, stage_timestamps, attribution, conversion_type, contact_name,
                         contact_email, created_at, updated_at)
      select ${big.workspaceId} || '_h_' || g, ${big.workspaceId}, ${stages[0]!.id}, '{}'::jsonb, '{}'::jsonb, 'partner_api',
             'Homeowner ' || g, 'owner' || g || '@example.com', now() - g * interval '1 second', now() - g * interval '1 second'
      from generate_series(1, ${NEWEST_WINDOW + 100}) g
      union all
      select ${big.workspaceId} || '_rare_' || g, ${big.workspaceId}, (${stages.map((s) => s.id)}::text[])[1 + g], '{}'::jsonb, '{}'::jsonb, 'partner_api',
             'Homeowner 9912' || g, 'owner9912' || g || '@example.com', now() - interval '1 day' - g * interval '1 second',
             now() - interval '1 day' - g * interval '1 second'
      from generate_series(1, 2) g`;
    expect(names(await get('/api/v1/leads?search=homeowner%209912', big.key))).toEqual([
      'Homeowner 99121',
      'Homeowner 99122',
    ]);
    expect(
      names(await get(`/api/v1/leads?search=OWNER99122%40example&status_stage_id=${stages[2]!.id}`, big.key)),
    ).toEqual(['Homeowner 99122']);
    expect(names(await get(`/api/v1/leads?search=homeowner%209912&status_stage_id=${stages[3]!.id}`, big.key))).toEqual(
      [],
    );
  });
});
