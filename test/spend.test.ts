import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestContext, type TestContext, type Tenant } from './helpers/harness.ts';
import { importSpend } from './helpers/analytics.ts';

const exec = promisify(execFile);
let t: TestContext;
let tenant: Tenant;
let dir: string;
const TOTAL = 1_000_003;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '100000' });
  tenant = await t.tenant();
  dir = await mkdtemp(join(tmpdir(), 'spend-'));
  // 30 days over a month end and the US switch to daylight time (8 March 2026), at an odd hour.
  const csv = `source,medium,campaign,kind,amount_cents,currency,starts_at,ends_at\nprorate,cpc,c1,automated,${TOTAL},USD,2026-02-20T05:17:00Z,2026-03-22T05:17:00Z\n`;
  await writeFile(join(dir, 'prorate.csv'), csv);
  await importSpend(t, tenant.workspaceId, join(dir, 'prorate.csv'));
});
afterAll(() => t.close());

const spendOf = async (from: string, to: string, timezone: string) => {
  const res = await t.request(
    'GET',
    `/api/v1/lead-sources/prorate?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&timezone=${timezone}`,
    { key: tenant.key },
  );
  expect(res.status).toBe(200);
  return res.body.lead_source.metrics;
};

/** Consecutive local-midnight boundaries, `step` days apart, covering the whole spend window. */
function boundaries(timezone: string, step: number): string[] {
  const out: string[] = [];
  let day = new Date(Date.UTC(2026, 1, 18));
  do {
    out.push(localMidnight(day, timezone));
    day = new Date(day.getTime() + step * 86_400_000);
  } while (out.at(-1)! < '2026-03-23');
  return out;
}

/** The instant of 00:00 on `day`'s calendar date in the timezone. */
function localMidnight(day: Date, timezone: string): string {
  const guess = day.getTime();
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(guess));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return new Date(guess - (asUtc - guess)).toISOString();
}

describe('spend proration', () => {
  for (const timezone of ['UTC', 'America/Los_Angeles']) {
    it(`a 30-day spend seen through 1-day and 10-day ranges in ${timezone} sums back to the total`, async () => {
      for (const step of [1, 10]) {
        const b = boundaries(timezone, step);
        let sum = 0;
        for (let i = 0; i + 1 < b.length; i++) sum += (await spendOf(b[i]!, b[i + 1]!, timezone)).prorated_spend_cents;
        expect(sum, `${step}-day ranges`).toBe(TOTAL);
      }
    });

    it(`a cross-month split in ${timezone} sums back to the total, and trend days sum to their range`, async () => {
      const monthEnd = localMidnight(new Date(Date.UTC(2026, 2, 1)), timezone);
      const feb = await spendOf('2026-02-01T00:00:00Z', monthEnd, timezone);
      const mar = await spendOf(monthEnd, '2026-04-01T00:00:00Z', timezone);
      expect(feb.prorated_spend_cents + mar.prorated_spend_cents).toBe(TOTAL);
      expect(feb.automated_spend_cents).toBe(feb.total_spend_cents);
      for (const m of [feb, mar]) {
        expect(m.trend.points.reduce((s: number, p: any) => s + p.prorated_spend_cents, 0)).toBe(
          m.prorated_spend_cents,
        );
      }
      // Overlap time decides: 9 days and 18h43m of 30 days fall in February in UTC.
      if (timezone === 'UTC')
        expect(feb.prorated_spend_cents).toBe(Math.round((TOTAL * (8 * 86_400 + 18 * 3600 + 43 * 60)) / (30 * 86_400)));
    });
  }

  it('prorates an arbitrary, non-midnight range by overlap time', async () => {
    const m = await spendOf('2026-03-01T12:00:00Z', '2026-03-02T00:00:00Z', 'UTC');
    const c = (secs: number) => Math.round((TOTAL * secs) / (30 * 86_400));
    const start = Date.parse('2026-02-20T05:17:00Z');
    expect(m.prorated_spend_cents).toBe(
      c((Date.parse('2026-03-02T00:00:00Z') - start) / 1000) - c((Date.parse('2026-03-01T12:00:00Z') - start) / 1000),
    );
  });
});

describe('admin spend import', () => {
  const admin = async (...args: string[]) => {
    try {
      const { stdout } = await exec(process.execPath, ['--import', 'tsx', 'cli/admin.ts', ...args], {
        cwd: join(import.meta.dirname, '..'),
        env: { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' },
      });
      return { code: 0, stdout, stderr: '' };
    } catch (err) {
      return err as { code: number; stdout: string; stderr: string };
    }
  };
  const count = async (ws: string) =>
    (await t.sql`select count(*)::int as n from spend_records where workspace_id = ${ws}`)[0]!.n as number;

  it('imports a CSV through the CLI and the spend counts at once', async () => {
    const ws = await t.tenant();
    const file = join(dir, 'good.csv');
    await writeFile(
      file,
      'source,medium,campaign,kind,amount_cents,currency,starts_at,ends_at\ngoogle,cpc,spring,automated,1000,USD,2026-01-01,2026-01-11\n"face, book",,,other,250,usd,2026-01-05T00:00:00-08:00,2026-01-06T00:00:00-08:00\n',
    );
    const res = await admin('spend', 'import', '--workspace', ws.workspaceId, file, '--json');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({
      workspace_id: ws.workspaceId,
      imported: 2,
      amount_cents: 1250,
      currency: 'USD',
    });
    const rows =
      await t.sql`select source, medium, campaign, kind, amount_cents, currency, starts_at from spend_records where workspace_id = ${ws.workspaceId} order by amount_cents`;
    expect(rows).toEqual([
      {
        source: 'face, book',
        medium: null,
        campaign: null,
        kind: 'other',
        amount_cents: 250,
        currency: 'USD',
        starts_at: new Date('2026-01-05T08:00:00Z'),
      },
      {
        source: 'google',
        medium: 'cpc',
        campaign: 'spring',
        kind: 'automated',
        amount_cents: 1000,
        currency: 'USD',
        starts_at: new Date('2026-01-01T00:00:00Z'),
      },
    ]);
    const list = await t.request('GET', '/api/v1/lead-sources?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z', {
      key: ws.key,
    });
    expect(list.body.summary.total_spend_cents).toBe(100);
  });

  it('rejects bad rows with their line numbers and imports nothing', async () => {
    const ws = await t.tenant();
    const file = join(dir, 'bad.csv');
    await writeFile(
      file,
      [
        'source,medium,campaign,kind,amount_cents,currency,starts_at,ends_at',
        'ok,,,automated,100,USD,2026-01-01,2026-01-02',
        'x,,,weekly,100,USD,2026-01-01,2026-01-02',
        'x,,,other,-5,USD,2026-01-01,2026-01-02',
        'x,,,other,5,EUR,2026-01-01,2026-01-02',
        'x,,,other,5,USD,2026-01-03,2026-01-02',
        'x,,,other,5,USD,soon,2026-01-02',
        '',
      ].join('\n'),
    );
    const res = await admin('spend', 'import', '--workspace', ws.workspaceId, file, '--json');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('5 bad row(s), nothing imported');
    for (const line of [
      'line 3: kind',
      'line 4: amount_cents',
      'line 5: currency must be the workspace currency USD',
      'line 6: ends_at must be after starts_at',
      'line 7: starts_at',
    ]) {
      expect(res.stderr).toContain(line);
    }
    expect(res.stderr).not.toContain('line 2');
    expect(await count(ws.workspaceId)).toBe(0);
  });

  it('rejects a file missing columns, and an unknown workspace', async () => {
    const ws = await t.tenant();
    const file = join(dir, 'cols.csv');
    await writeFile(file, 'source,kind,amount_cents\ng,other,1\n');
    const res = await admin('spend', 'import', '--workspace', ws.workspaceId, file);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('missing column(s): medium, campaign, currency, starts_at, ends_at');
    const unknown = await admin('spend', 'import', '--workspace', 'ws_nope', file);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      'workspace ws_nope not found; `admin workspace list` shows every workspace with its id',
    );
  });
});
