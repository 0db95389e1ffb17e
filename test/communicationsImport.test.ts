import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliContext } from './helpers/cliContext.ts';
import { createTestContext, type TestContext, type Tenant } from './helpers/harness.ts';
import { upsertLead } from '../storage/leadWrites.ts';
import { communicationsCommands } from '../cli/commands/communications.ts';

let t: TestContext;
let tenant: Tenant;
let other: Tenant;
let dir: string;
let leadA: string;
let leadB: string;
let foreign: string;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000' });
  tenant = await t.tenant();
  other = await t.tenant();
  dir = await mkdtemp(join(tmpdir(), 'comms-'));
  const mk = async (ws: string, phone: string) =>
    (await upsertLead(t.sql, ws, { contact_phone: phone }, { conversionType: 'phone_call' })).lead.id;
  leadA = await mk(tenant.workspaceId, '2125550501');
  leadB = await mk(tenant.workspaceId, '2125550502');
  foreign = await mk(other.workspaceId, '2125550503');
});
afterAll(() => t.close());

let files = 0;
async function importLines(workspaceId: string, lines: unknown[]) {
  const file = join(dir, `f${++files}.jsonl`);
  await writeFile(file, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return communicationsCommands['communications import'].run(t.sql, cliContext([file], { workspace: workspaceId }));
}
const count = async (ws: string) =>
  (await t.sql`select count(*)::int as n from communications where workspace_id = ${ws}`)[0]!.n as number;

describe('admin communications import', () => {
  it('imports calls and SMS by lead_id or phone, and the lead communication_summary and channel filter read them', async () => {
    const res = await importLines(tenant.workspaceId, [
      {
        lead_id: leadA,
        channel: 'call',
        direction: 'inbound',
        status: 'answered',
        started_at: '2026-05-01T10:00:00Z',
        duration_seconds: 95,
        tracking_number: { label: 'Google Ads', phone_last4: '0100', national_format: '(212) 555-0100' },
        source: 'google',
        campaign: 'spring',
      },
      {
        phone: '(212) 555-0501',
        channel: 'call',
        direction: 'inbound',
        status: 'missed',
        started_at: '2026-05-02T10:00:00Z',
      },
      {
        phone: '+1 212 555 0502',
        channel: 'sms',
        direction: 'inbound',
        status: 'received',
        started_at: '2026-05-03T10:00:00Z',
        thread_id: 'th-1',
      },
      {
        lead_id: leadB,
        channel: 'sms',
        direction: 'outbound',
        status: 'delivered',
        started_at: '2026-05-03T10:01:00Z',
        thread_id: 'th-1',
        approved: false,
      },
    ]);
    expect(res).toEqual({ workspace_id: tenant.workspaceId, imported: 4 });
    const a = (await t.request('GET', `/api/v1/leads/${leadA}`, { key: tenant.key })).body.lead.communication_summary;
    expect(a).toMatchObject({
      call_count: 2,
      answered_call_count: 1,
      missed_call_count: 1,
      last_call_at: '2026-05-02T10:00:00.000Z',
      last_tracking_number: { label: 'Google Ads', phone_last4: '0100', national_format: '(212) 555-0100' },
      last_communication_source: 'google',
      last_communication_campaign: 'spring',
    });
    const b = (await t.request('GET', `/api/v1/leads/${leadB}`, { key: tenant.key })).body.lead.communication_summary;
    expect(b).toMatchObject({ sms_inbound_count: 1, sms_outbound_count: 0 });
    const sms = await t.request('GET', '/api/v1/leads?communication_channel=sms', { key: tenant.key });
    expect(sms.body.leads.map((l: any) => l.id)).toEqual([leadB]);
  });

  it('rejects bad lines with their numbers and imports nothing', async () => {
    const before = await count(tenant.workspaceId);
    const ok = {
      lead_id: leadA,
      channel: 'call',
      direction: 'inbound',
      status: 'answered',
      started_at: '2026-05-04T10:00:00Z',
    };
    await expect(
      importLines(tenant.workspaceId, [
        ok,
        '{not json',
        { ...ok, status: 'delivered' },
        { ...ok, lead_id: foreign },
        { ...ok, lead_id: undefined, phone: '2125559999' },
        { ...ok, lead_id: undefined, phone: '+44 20 7946 0958' },
        { ...ok, lead_id: undefined },
        { ...ok, channel: 'fax' },
        { ...ok, duration_seconds: -1 },
        { ...ok, started_at: 'tomorrow' },
        { ...ok, workspace_id: other.workspaceId },
      ]),
    ).rejects.toThrow(
      /10 bad line\(s\), nothing imported: line 2: not valid JSON \| line 3: status must be one of answered, missed, voicemail for call \| line 4: lead_id .* is not an active lead of this workspace \| line 5: no active lead has phone 2125559999 \| line 6: phone must be a valid US phone number \| line 7: lead_id exactly one of lead_id or phone is required \| line 8: channel must be one of "call" or "sms" \| line 9: duration_seconds must be at least 0 \| line 10: started_at must be a date-time like 2026-11-24T15:00:00Z \| line 11: unknown field `workspace_id`/,
    );
    expect(await count(tenant.workspaceId)).toBe(before);
  });

  it("never attaches a communication to another workspace's lead, even by phone", async () => {
    await expect(
      importLines(other.workspaceId, [
        {
          phone: '2125550501',
          channel: 'call',
          direction: 'inbound',
          status: 'answered',
          started_at: '2026-05-01T10:00:00Z',
        },
      ]),
    ).rejects.toThrow('line 1: no active lead has phone 2125550501');
    expect(await count(other.workspaceId)).toBe(0);
  });
});
