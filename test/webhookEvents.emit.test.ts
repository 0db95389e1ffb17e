import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil, type Tenant, type TestContext } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import { cliContext } from './helpers/cliContext.ts';
import {
  createVisualization,
  generate,
  type ImageHost,
  startVisualizer,
  type Visualizer,
} from './helpers/visualizations.ts';
import { HOUSE_JPG } from './fixtures/visualizer/photos.ts';
import { eventCount, eventsAbout, onlyEvents, withoutSignatures } from './helpers/webhookEvents.ts';
import { gableRoofDxf } from './fixtures/reports/build.ts';
import { importAndWait, importReport, waitForImport } from './helpers/reportImports.ts';
import { communicationsCommands } from '../cli/commands/communications.ts';
import { newId } from '../core/ids.ts';
import { enqueueJob } from '../storage/jobs.ts';
import { dispatchDueDeliveries } from '../storage/webhookDeliveries.ts';
import { upsertLead } from '../storage/leadWrites.ts';
import { insertExports } from '../storage/reports.ts';

let t: TestContext;
let tenant: Tenant;
let host: ImageHost;
let stages: Record<string, string>;
let n = 0;
const ik = () => ({ 'idempotency-key': `whemit-${++n}` });

let visualizer: Visualizer;
beforeAll(async () => {
  // The worker's dispatcher ticks only as it starts: the tests here tick it themselves.
  visualizer = await startVisualizer({ GENERATE_WAIT_MS: '20000', WEBHOOK_DISPATCH_INTERVAL_MS: '3600000' });
  ({ t, host, tenant } = visualizer);
  const listed = await t.request('GET', '/api/v1/pipeline/stages', { key: tenant.key });
  stages = Object.fromEntries(listed.body.stages.map((s: { key: string; id: string }) => [s.key, s.id]));
});
afterAll(() => visualizer.close());

const postLead = (body: Record<string, unknown>, headers = ik(), key = tenant.key) =>
  t.request('POST', '/api/v1/leads', { key, body, headers });
const patchLead = (id: string, body: Record<string, unknown>) =>
  t.request('PATCH', `/api/v1/leads/${id}`, { key: tenant.key, body, headers: ik() });
const getLead = async (id: string) => {
  const res = await t.request('GET', `/api/v1/leads/${id}`, { key: tenant.key });
  expect(res.status).toBe(200);
  await expectMatchesSpec(t, 'GET', '/api/v1/leads/{lead_id}', res);
  return res.body.lead;
};

describe('lead events', () => {
  it('a created lead emits lead.created alone, carrying the lead as GET answers it', async () => {
    const res = await postLead({
      contact_name: 'Ada Created',
      contact_phone: '212-555-0701',
      attribution: { source: 'google' },
    });
    expect(res.status, res.text).toBe(201);
    const [created] = await onlyEvents(t.sql, tenant.workspaceId, res.body.lead.id, ['lead.created']);
    expect(created!.id).toMatch(/^evt_[0-9a-hjkmnp-tv-z]{20}$/);
    expect(created!.subject).toEqual({ kind: 'lead', id: res.body.lead.id });
    expect(created!.data!.object).toEqual(await getLead(res.body.lead.id));
  });

  it('an upsert that changes the matched lead emits lead.updated; one that changes nothing emits nothing', async () => {
    const created = await postLead({ contact_name: 'Bo Upsert', contact_phone: '212-555-0702' });
    const id = created.body.lead.id;
    const updated = await postLead({ contact_phone: '212-555-0702', notes: 'called back' });
    expect(updated.status).toBe(200);
    const events = await onlyEvents(t.sql, tenant.workspaceId, id, ['lead.created', 'lead.updated']);
    expect(events.find((e) => e.type === 'lead.updated')!.data!.object).toEqual(await getLead(id));

    const again = await postLead({ contact_phone: '212-555-0702', notes: 'called back' });
    expect(again.status).toBe(200);
    await onlyEvents(t.sql, tenant.workspaceId, id, ['lead.created', 'lead.updated']);
  });

  it('a PATCH to another stage adds lead.stage_changed, the first conversion stage lead.converted, each once', async () => {
    const id = (await postLead({ contact_name: 'Cy Stages', contact_phone: '212-555-0703' })).body.lead.id;
    expect((await patchLead(id, { status_stage_id: stages.contacted })).status).toBe(200);
    const moved = await onlyEvents(t.sql, tenant.workspaceId, id, [
      'lead.created',
      'lead.updated',
      'lead.stage_changed',
    ]);
    const afterMove = await getLead(id);
    expect(moved.find((e) => e.type === 'lead.stage_changed')!.data!.object).toEqual(afterMove);
    expect(moved.find((e) => e.type === 'lead.updated')!.data!.object).toEqual(afterMove);

    expect((await patchLead(id, { status_stage_id: stages.sold })).status).toBe(200);
    const sold = await getLead(id);
    expect(sold.converted_at).not.toBeNull();
    const converted = await onlyEvents(t.sql, tenant.workspaceId, id, [
      'lead.created',
      'lead.updated',
      'lead.stage_changed',
      'lead.updated',
      'lead.stage_changed',
      'lead.converted',
    ]);
    expect(converted.filter((e) => e.type === 'lead.converted').map((e) => e.data!.object)).toEqual([sold]);

    // Leaving and coming back: converted_at stays, so the lead converts once.
    await patchLead(id, { status_stage_id: stages.lost });
    await patchLead(id, { status_stage_id: stages.sold });
    const types = (await eventsAbout(t.sql, id)).map((e) => e.type);
    expect(types.filter((type) => type === 'lead.converted')).toHaveLength(1);
    expect(types.filter((type) => type === 'lead.stage_changed')).toHaveLength(4);

    const before = await eventCount(t.sql, tenant.workspaceId);
    const unchanged = await patchLead(id, { status_stage_id: stages.sold });
    expect(unchanged.body.updated).toBe(false);
    expect(await eventCount(t.sql, tenant.workspaceId)).toBe(before);
  });

  it('a lead created at a conversion stage emits lead.created only', async () => {
    const res = await postLead({
      contact_name: 'Di Sold',
      contact_phone: '212-555-0704',
      status_stage_id: stages.sold,
    });
    expect(res.body.lead.converted_at).not.toBeNull();
    await onlyEvents(t.sql, tenant.workspaceId, res.body.lead.id, ['lead.created']);
  });

  it('a deletion emits lead.deleted with the lead as the deletion left it', async () => {
    const id = (await postLead({ contact_name: 'Ed Deleted', contact_phone: '212-555-0705' })).body.lead.id;
    const shown = await getLead(id);
    const res = await t.request('DELETE', `/api/v1/leads/${id}`, { key: tenant.key, headers: ik() });
    expect(res.status).toBe(200);
    expect((await t.request('GET', `/api/v1/leads/${id}`, { key: tenant.key })).status).toBe(404);
    const deleted = (await onlyEvents(t.sql, tenant.workspaceId, id, ['lead.created', 'lead.deleted'])).find(
      (e) => e.type === 'lead.deleted',
    )!;
    const { updated_at: deletedAt, ...rest } = deleted.data!.object as { updated_at: string };
    const { updated_at: shownAt, ...shownRest } = shown;
    expect(rest).toEqual(shownRest);
    expect(Date.parse(deletedAt)).toBeGreaterThanOrEqual(Date.parse(shownAt));
    const [{ deleted_at }] = await t.sql`select deleted_at from leads where id = ${id}`;
    expect(deletedAt).toBe((deleted_at as Date).toISOString());
  });

  it('form submissions emit lead.created, then lead.updated for the same email; a duplicate event emits nothing', async () => {
    const form = (externalId: string, formData: Record<string, unknown>) =>
      t.request('POST', '/api/v1/events/form-submission', {
        key: tenant.key,
        headers: ik(),
        body: {
          external_event_id: externalId,
          session_id: 'whemit-form',
          contact_email: 'form@example.com',
          form_data: formData,
        },
      });
    const first = await form('form-1', { roof: 'shingle' });
    expect(first.status, first.text).toBe(201);
    const id = first.body.lead_id as string;
    await onlyEvents(t.sql, tenant.workspaceId, id, ['lead.created']);
    expect((await form('form-2', { budget: '10k' })).body.lead_id).toBe(id);
    const events = await onlyEvents(t.sql, tenant.workspaceId, id, ['lead.created', 'lead.updated']);
    expect(events.find((e) => e.type === 'lead.updated')!.data!.object).toEqual(await getLead(id));
    expect((await form('form-2', { budget: '10k' })).status).toBe(200);
    await onlyEvents(t.sql, tenant.workspaceId, id, ['lead.created', 'lead.updated']);
  });

  it('approved calls and SMS imported by the CLI emit lead.updated with the new communication summary', async () => {
    const id = (await postLead({ contact_name: 'Fay Calls', contact_phone: '212-555-0706' })).body.lead.id;
    const file = join(await mkdtemp(join(tmpdir(), 'whemit-')), 'calls.jsonl');
    const call = {
      lead_id: id,
      channel: 'call',
      direction: 'inbound',
      status: 'answered',
      started_at: '2026-05-01T10:00:00Z',
    };
    const importCalls = async (lines: unknown[]) => {
      await writeFile(file, lines.map((l) => JSON.stringify(l)).join('\n'));
      await communicationsCommands['communications import'].run(
        t.sql,
        cliContext([file], { workspace: tenant.workspaceId }),
      );
    };
    await importCalls([{ ...call, approved: false }]);
    await onlyEvents(t.sql, tenant.workspaceId, id, ['lead.created']);
    await importCalls([call, { ...call, started_at: '2026-05-02T10:00:00Z' }]);
    const events = await onlyEvents(t.sql, tenant.workspaceId, id, ['lead.created', 'lead.updated']);
    const shown = await getLead(id);
    expect(shown.communication_summary.call_count).toBe(2);
    expect(events.find((e) => e.type === 'lead.updated')!.data!.object).toEqual(shown);
  });
});

describe('lead writes that do not commit emit nothing', () => {
  it('a write rolled back after the lead was stored takes its event with it', async () => {
    const before = await eventCount(t.sql, tenant.workspaceId);
    await expect(
      t.sql.begin(async (tx) => {
        const written = await upsertLead(
          tx,
          tenant.workspaceId,
          { contact_phone: '2125550710' },
          { conversionType: 'partner_api' },
        );
        expect((await eventsAbout(tx, written.lead.id)).map((e) => e.type)).toEqual(['lead.created']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await eventCount(t.sql, tenant.workspaceId)).toBe(before);
    expect(await t.sql`select id from leads where contact_phone = '2125550710'`).toHaveLength(0);
  });

  it('an Idempotency-Key reused with another body (409) emits nothing', async () => {
    const headers = ik();
    expect((await postLead({ contact_name: 'Gil Key', contact_phone: '212-555-0711' }, headers)).status).toBe(201);
    const before = await eventCount(t.sql, tenant.workspaceId);
    const conflict = await postLead({ contact_name: 'Other Body', contact_phone: '212-555-0712' }, headers);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toMatchObject({ code: 'CONFLICT', request_id: expect.any(String) });
    await expectMatchesSpec(t, 'POST', '/api/v1/leads', conflict);
    expect(await eventCount(t.sql, tenant.workspaceId)).toBe(before);
  });

  it('a PATCH to an unknown stage and a merge beyond the JSON bounds (400) emit nothing', async () => {
    const keys = (prefix: string) => Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`${prefix}${i}`, 'v']));
    const id = (await postLead({ contact_name: 'Hal Bounds', contact_phone: '212-555-0713', form_data: keys('a') }))
      .body.lead.id;
    const before = await eventCount(t.sql, tenant.workspaceId);
    const unknown = await patchLead(id, { status_stage_id: 'stage_nope', notes: 'would change' });
    expect(unknown.status).toBe(400);
    await expectMatchesSpec(t, 'PATCH', '/api/v1/leads/{lead_id}', unknown);
    // 60 keys are within the bounds alone, 120 once merged with what the lead holds.
    const merged = await postLead({ contact_phone: '212-555-0713', form_data: keys('b') });
    expect(merged.status, merged.text).toBe(400);
    await expectMatchesSpec(t, 'POST', '/api/v1/leads', merged);
    expect(await eventCount(t.sql, tenant.workspaceId)).toBe(before);
  });
});

describe('conversion events', () => {
  it('a created conversion emits conversion.created as the list shows it; a replay or repeated external_event_id emits nothing', async () => {
    const lead = (
      await postLead({ contact_name: 'Ivy Converts', contact_phone: '212-555-0720', session_id: 'sess-conv' })
    ).body.lead;
    const headers = ik();
    const convert = (h: Record<string, string>) =>
      t.request('POST', `/api/v1/leads/${lead.id}/conversions`, {
        key: tenant.key,
        body: { external_event_id: 'conv-evt-1' },
        headers: h,
      });
    const first = await convert(headers);
    expect(first.status).toBe(201);
    const id = first.body.conversion.id as string;
    const [created] = await onlyEvents(t.sql, tenant.workspaceId, id, ['conversion.created']);
    expect(created!.subject).toEqual({ kind: 'conversion', id });
    const listed = await t.request('GET', `/api/v1/leads/${lead.id}/conversions`, { key: tenant.key });
    await expectMatchesSpec(t, 'GET', '/api/v1/leads/{lead_id}/conversions', listed);
    expect(created!.data!.object).toEqual(listed.body.conversions[0]);
    expect(created!.data!.object).toEqual(first.body.conversion);

    const before = await eventCount(t.sql, tenant.workspaceId);
    expect((await convert(headers)).headers.get('idempotency-replayed')).toBe('true');
    expect((await convert(ik())).status).toBe(200);
    expect(await eventCount(t.sql, tenant.workspaceId)).toBe(before);
  });
});

describe('report events', () => {
  const gable = () => [{ name: 'gable.dxf', data: Buffer.from(gableRoofDxf()) }];
  const getReport = async (id: string) => {
    const res = await t.request('GET', `/api/v1/reports/${id}`, { key: tenant.key });
    await expectMatchesSpec(t, 'GET', '/api/v1/reports/{report_id}', res);
    return res.body as { report: Record<string, unknown>; exports: Record<string, unknown>[] };
  };

  it('an import emits report.import.completed with the report and its summary', async () => {
    const report = await importAndWait(t, tenant.key, gable());
    expect(report.status).toBe('draft');
    const [completed] = await onlyEvents(t.sql, tenant.workspaceId, report.id, ['report.import.completed']);
    expect(completed!.subject).toEqual({ kind: 'report', id: report.id });
    expect(completed!.data!.object).toEqual((await getReport(report.id)).report);
  });

  it('an import of unusable files emits report.import.failed with the reason', async () => {
    const res = await importReport(t, tenant.key, [{ name: 'empty.csv', data: Buffer.alloc(0) }]);
    expect((await waitForImport(t, res.body.report.id)).status).toBe('failed');
    const [failed] = await onlyEvents(t.sql, tenant.workspaceId, res.body.report.id, ['report.import.failed']);
    expect(failed!.data!.object).toEqual((await getReport(res.body.report.id)).report);
    expect(failed!.data!.object).toMatchObject({
      status: 'failed',
      summary: { failure_reason: expect.stringMatching(/empty/) },
    });
  });

  it('an export emits report.export.completed per artifact; one that cannot render emits report.export.failed with the reason', async () => {
    const report = await importAndWait(t, tenant.key, gable());
    const res = await t.request('POST', `/api/v1/reports/${report.id}/export`, {
      key: tenant.key,
      body: { formats: ['json', 'csv'] },
      headers: ik(),
    });
    expect(res.status, res.text).toBe(201);
    const ids = res.body.exports.map((e: { export_id: string }) => e.export_id) as string[];
    const settled = async () => (await getReport(report.id)).exports.every((e) => e.status !== 'pending');
    expect(await waitUntil(settled, 20_000)).toBe(true);
    for (const id of ids) {
      const [completed] = await onlyEvents(t.sql, tenant.workspaceId, id, ['report.export.completed']);
      const shown = await t.request('GET', `/api/v1/reports/exports/${id}`, { key: tenant.key });
      await expectMatchesSpec(t, 'GET', '/api/v1/reports/exports/{export_id}', shown);
      expect(completed!.data!.object).toEqual(shown.body.export);
      expect(completed!.subject).toEqual({ kind: 'report_export', id });
    }

    // An artifact of a revision that is not its report's: the task fails it for good.
    const other = await importAndWait(t, tenant.key, gable());
    const [orphan] = await insertExports(t.sql, [
      {
        id: newId('rexp'),
        workspace_id: tenant.workspaceId,
        report_id: report.id,
        revision_id: other.current_revision_id,
        format: 'json',
        file_name: 'orphan.json',
        mime_type: 'application/json',
      },
    ]);
    await enqueueJob(t.sql, 'report_export', {
      workspace_id: tenant.workspaceId,
      report_id: report.id,
      export_ids: [orphan!.id],
    });
    expect(await waitUntil(async () => (await eventsAbout(t.sql, orphan!.id)).length > 0, 20_000)).toBe(true);
    const [failed] = await onlyEvents(t.sql, tenant.workspaceId, orphan!.id, ['report.export.failed']);
    const shown = (await t.request('GET', `/api/v1/reports/exports/${orphan!.id}`, { key: tenant.key })).body.export;
    expect(failed!.data!.object).toEqual(shown);
    expect(shown).toMatchObject({ status: 'failed', error: 'The report or its revision no longer exists' });
  });
});

describe('visualization events', () => {
  const getVisualization = async (id: string) => {
    const res = await t.request('GET', `/api/v1/visualizations/${id}`, { key: tenant.key });
    await expectMatchesSpec(t, 'GET', '/api/v1/visualizations/{visualization_id}', res);
    return res.body.visualization;
  };

  it('a generation emits visualization.completed with the images', async () => {
    const vis = await createVisualization(t, tenant, {
      session_id: 'whemit',
      original_image_url: `data:image/jpeg;base64,${HOUSE_JPG.toString('base64')}`,
    });
    expect((await generate(t, tenant, vis.id)).body.visualization.status).toBe('completed');
    const [completed] = await onlyEvents(t.sql, tenant.workspaceId, vis.id, ['visualization.completed']);
    expect(completed!.subject).toEqual({ kind: 'visualization', id: vis.id });
    const shown = await getVisualization(vis.id);
    expect(shown.generated_image_url).toMatch(/\/files\//);
    expect(withoutSignatures(completed!.data!.object)).toEqual(withoutSignatures(shown));
  });

  it('a generation from bytes that are no image emits visualization.failed with the reason', async () => {
    const vis = await createVisualization(t, tenant, {
      session_id: 'whemit',
      original_image_url: host.url('/not-image.png'),
    });
    expect((await generate(t, tenant, vis.id)).body.visualization.status).toBe('failed');
    const [failed] = await onlyEvents(t.sql, tenant.workspaceId, vis.id, ['visualization.failed']);
    expect(failed!.data!.object).toEqual(await getVisualization(vis.id));
    expect(failed!.data!.object).toMatchObject({
      status: 'failed',
      processing_error: expect.stringMatching(/not a readable image/),
    });
  });
});

describe('workspaces and endpoints', () => {
  it("records events in the changed resource's workspace only", async () => {
    const other = await t.tenant();
    const mine = await postLead({ contact_name: 'Jo Mine', contact_phone: '212-555-0730' });
    const theirs = await postLead({ contact_name: 'Jo Theirs', contact_phone: '212-555-0730' }, ik(), other.key);
    expect(theirs.status).toBe(201);
    await onlyEvents(t.sql, tenant.workspaceId, mine.body.lead.id, ['lead.created']);
    await onlyEvents(t.sql, other.workspaceId, theirs.body.lead.id, ['lead.created']);
    expect(await eventCount(t.sql, other.workspaceId)).toBe(1);
    // Another workspace's lead is not found, and nothing is recorded for the attempt.
    const patch = await t.request('PATCH', `/api/v1/leads/${mine.body.lead.id}`, {
      key: other.key,
      body: { notes: 'x' },
      headers: ik(),
    });
    expect(patch.status).toBe(404);
    expect(await eventCount(t.sql, other.workspaceId)).toBe(1);
  });

  it('creates a pending delivery per event for each subscribed, enabled endpoint, and no job until a dispatcher ticks', async () => {
    const ws = await t.tenant();
    const endpoint = async (events: string[], enabled = true) => {
      const id = newId('whe');
      await t.sql`
        insert into webhook_endpoints (id, workspace_id, url, events, enabled, secret_sealed)
        values (${id}, ${ws.workspaceId}, 'https://hooks.example.com/in', ${events}, ${enabled}, ${Buffer.from('sealed')})`;
      return id;
    };
    const all = await endpoint(['*']);
    const created = await endpoint(['lead.created']);
    const deleted = await endpoint(['lead.deleted']);
    const disabled = await endpoint(['*'], false);
    const lead = await postLead({ contact_name: 'Kim Hooked', contact_phone: '212-555-0740' }, ik(), ws.key);
    await postLead({ contact_phone: '212-555-0740', notes: 'update' }, ik(), ws.key);
    const events = await onlyEvents(t.sql, ws.workspaceId, lead.body.lead.id, ['lead.created', 'lead.updated']);
    const deliveries = await t.sql<{ event_id: string; endpoint_id: string; status: string }[]>`
      select event_id, endpoint_id, status from webhook_deliveries where workspace_id = ${ws.workspaceId}`;
    const byType = Object.fromEntries(events.map((e) => [e.id, e.type]));
    expect(deliveries.map((d) => `${byType[d.event_id]} → ${d.endpoint_id}`).sort()).toEqual(
      [`lead.created → ${all}`, `lead.created → ${created}`, `lead.updated → ${all}`].sort(),
    );
    expect(deliveries.every((d) => d.status === 'pending')).toBe(true);
    expect(deliveries.some((d) => d.endpoint_id === deleted || d.endpoint_id === disabled)).toBe(false);
    // The partner's requests paid for no graphile-worker job.
    expect(await t.sql`select 1 from graphile_worker.jobs where task_identifier = 'webhook_deliver'`).toEqual([]);

    // A tick enqueues one job per endpoint with deliveries due, in one of its workspace's lanes
    // (storage/jobPolicies.ts), and none while that one waits. Rolled back after, so the worker sends nothing to the made-up URL.
    const rolledBack = new Error('rolled back');
    await t.sql
      .begin(async (tx) => {
        expect((await dispatchDueDeliveries(tx)).sort()).toEqual([all, created].sort());
        const jobs = await tx<{ key: string; queue_name: string; payload: unknown }[]>`
        select j.key, j.queue_name, p.payload from graphile_worker.jobs j join graphile_worker._private_jobs p on p.id = j.id
        where j.task_identifier = 'webhook_deliver'`;
        expect(jobs.sort((a, b) => a.key.localeCompare(b.key))).toEqual(
          [all, created].sort().map((id) => ({
            key: `webhook_endpoint:${id}`,
            queue_name: expect.stringMatching(new RegExp(`^workspace:${ws.workspaceId}:[0-9]+$`)),
            payload: { workspace_id: ws.workspaceId, endpoint_id: id },
          })),
        );
        expect(await dispatchDueDeliveries(tx)).toEqual([]);
        throw rolledBack;
      })
      .catch((err) => {
        if (err !== rolledBack) throw err;
      });
  });
});
