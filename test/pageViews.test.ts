import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, waitUntil, type TestContext, type Tenant } from './helpers/harness.ts';
import { createSql } from '../storage/db.ts';
import { PageViewIngest, type PageView, type RecordedEvent } from '../storage/pageViews.ts';

let t: TestContext;
let tenant: Tenant;
let ingest: PageViewIngest;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '100000' });
  tenant = await t.tenant();
  ingest = new PageViewIngest(t.sql);
});
afterAll(() => t.close());

let n = 0;
const uid = (p: string) => `${p}-${++n}-${Math.random().toString(36).slice(2)}`;

/** A page view for PageViewIngest directly; `answers` collects what each answer() was told. */
function view(answers: Map<string, RecordedEvent>, over: Partial<PageView> = {}): PageView {
  const key = over.idempotency?.key ?? uid('ik');
  const external = over.external_event_id ?? uid('pv');
  return {
    workspaceId: tenant.workspaceId,
    idempotency: { apiKeyId: tenant.keyId, key },
    external_event_id: external,
    session_id: uid('s'),
    payload: { external_event_id: external },
    occurred_at: new Date('2026-05-01T12:00:00Z'),
    touch: {
      source: 'google',
      medium: 'cpc',
      campaign: null,
      content: null,
      referrer_url: null,
      landing_page_url: null,
      landing_id: null,
      landing_name: null,
      landing_slug: null,
    },
    answer: (recorded) => {
      answers.set(key, recorded);
      const body = JSON.stringify({ event: { id: recorded.event.id }, created: recorded.created });
      return {
        apiKeyId: tenant.keyId,
        key,
        fingerprint: 'f',
        ttlHours: 1,
        status: recorded.created ? 201 : 200,
        body,
        contentType: 'application/json',
      };
    },
    ...over,
  };
}

const recordOf = async (key: string) =>
  (
    await t.sql`select response_body, xmin::text as xmin from idempotency_records where api_key_id = ${tenant.keyId} and key = ${key}`
  )[0];

describe('page views in batches', () => {
  // First: it needs the tables as a fresh deployment has them, empty and vacuumed.
  it('looks sessions, events and idempotency records up by their keys even when they were vacuumed empty', async () => {
    // A plan made while a vacuumed table is empty is a sequential scan, and a connection keeps it
    // as the table grows (milliseconds per page view at tens of thousands of sessions).
    const tables = ['sessions', 'events', 'idempotency_records'];
    for (const table of tables) await t.sql.unsafe(`vacuum analyze ${table}`);
    // Scans of each table, and of the one index a key lookup has no use for (records by expiry).
    const stats = async () =>
      t.sql<{ relname: string; seq_scan: number; n_tup_ins: number }[]>`
        select relname, seq_scan::int, n_tup_ins::int from pg_stat_user_tables where relname = any(${tables})
        union all
        select indexrelname, idx_scan::int, 0 from pg_stat_user_indexes where indexrelname = 'idempotency_records_expires_idx'
        order by relname`;
    const before = await stats();
    const one = createSql(t.databaseUrl, 1);
    try {
      const own = new PageViewIngest(one);
      const answers = new Map<string, RecordedEvent>();
      const first = view(answers);
      const views = [
        first,
        ...Array.from({ length: 9 }, () => view(answers)),
        view(answers, { external_event_id: first.external_event_id, session_id: first.session_id }),
      ];
      for (const v of views) expect(await own.record(v)).toBe('open');
      await one`select pg_stat_force_next_flush()`;
      await one`select 1`;
    } finally {
      await one.end();
    }
    // Counters reach the shared statistics when the connection flushes them: wait for its inserts.
    const inserted = (rows: { relname: string; n_tup_ins: number }[]) =>
      rows.find((r) => r.relname === 'events')!.n_tup_ins;
    expect(await waitUntil(async () => inserted(await stats()) >= inserted(before) + 10, 5000)).toBe(true);
    expect((await stats()).map((r) => [r.relname, r.seq_scan])).toEqual(before.map((r) => [r.relname, r.seq_scan]));
  });

  it('commits 120 concurrent page views in shared transactions, each event with its own kept answer', async () => {
    const sent = Array.from({ length: 120 }, () => ({
      external_event_id: uid('pv'),
      session_id: uid('s'),
      idem: uid('ik'),
    }));
    const results = await Promise.all(
      sent.map((s) =>
        t.request('POST', '/api/v1/events/page-view', {
          key: tenant.key,
          body: {
            external_event_id: s.external_event_id,
            session_id: s.session_id,
            page_url: 'https://roofs.example.com/?utm_source=bing',
          },
          headers: { 'idempotency-key': s.idem },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(sent.map(() => 201));
    const rows = await t.sql<{ same: boolean; xmin: string; response_body: string; session_source: string }[]>`
      select e.xmin::text = r.xmin::text as same, e.xmin::text as xmin, r.response_body, s.source as session_source
      from unnest(${sent.map((s) => s.idem)}::text[], ${sent.map((s) => s.external_event_id)}::text[]) as x (idem, ext)
      join events e on e.workspace_id = ${tenant.workspaceId} and e.external_event_id = x.ext
      join idempotency_records r on r.api_key_id = ${tenant.keyId} and r.key = x.idem
      join sessions s on s.workspace_id = e.workspace_id and s.id = e.session_id`;
    expect(rows).toHaveLength(120);
    expect(rows.every((r) => r.same && r.session_source === 'bing')).toBe(true);
    expect(rows.map((r) => JSON.parse(r.response_body).event.id).sort()).toEqual(
      results.map((r) => r.body.event.id).sort(),
    );
    // Shared: fewer transactions than page views. One transaction each would mean no batching.
    expect(new Set(rows.map((r) => r.xmin)).size).toBeLessThan(120);
  });

  it('lets the batches of two processes that share sessions wait for each other, never deadlock', async () => {
    // Two API processes: each its own ingest and pool. They get the same ten new sessions in
    // opposite orders; taken in arrival order, the two batches would lock them from opposite ends.
    const pools = [createSql(t.databaseUrl, 2), createSql(t.databaseUrl, 2)];
    try {
      const [a, b] = pools.map((pool) => new PageViewIngest(pool));
      for (let round = 0; round < 3; round++) {
        const answers = new Map<string, RecordedEvent>();
        const sessions = Array.from({ length: 10 }, () => uid('shared'));
        const viewsA = sessions.map((session_id) => view(answers, { session_id }));
        const viewsB = [...sessions].reverse().map((session_id) => view(answers, { session_id }));
        const gates = await Promise.all([...viewsA.map((v) => a!.record(v)), ...viewsB.map((v) => b!.record(v))]);
        expect(gates.every((g) => g === 'open')).toBe(true);
        // One transaction per batch: a deadlock would have failed one, and its page views been retried alone.
        for (const views of [viewsA, viewsB]) {
          const xmins = await t.sql`
            select distinct xmin::text from events
            where workspace_id = ${tenant.workspaceId} and external_event_id = any(${views.map((v) => v.external_event_id)})`;
          expect(xmins).toHaveLength(1);
        }
      }
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it('fails only the page view that Postgres refuses; the rest of its batch is recorded', async () => {
    const answers = new Map<string, RecordedEvent>();
    const good = Array.from({ length: 5 }, () => view(answers));
    // jsonb cannot hold U+0000 (the API refuses it at the door; this reaches the database).
    const bad = view(answers, { payload: { note: 'nul\u0000' } });
    const outcomes = await Promise.allSettled([...good, bad].map((v) => ingest.record(v)));
    expect(outcomes.slice(0, 5).map((o) => o.status === 'fulfilled' && o.value)).toEqual([
      'open',
      'open',
      'open',
      'open',
      'open',
    ]);
    expect(outcomes[5]!.status).toBe('rejected');
    for (const v of good) {
      const kept = await recordOf(v.idempotency.key);
      expect(JSON.parse(kept!.response_body).event.id).toBe(answers.get(v.idempotency.key)!.event.id);
    }
    expect(await recordOf(bad.idempotency.key)).toBeUndefined();
    expect(
      await t.sql`select 1 from events where workspace_id = ${tenant.workspaceId} and external_event_id = ${bad.external_event_id}`,
    ).toHaveLength(0);
  });

  it('holds a key met twice in one batch, as a concurrent request would be', async () => {
    const answers = new Map<string, RecordedEvent>();
    const first = view(answers);
    const twin = view(answers, { idempotency: first.idempotency });
    expect(await Promise.all([ingest.record(first), ingest.record(twin)])).toEqual(['open', 'held']);
    expect(
      await t.sql`select 1 from events where workspace_id = ${tenant.workspaceId} and external_event_id = ${twin.external_event_id}`,
    ).toHaveLength(0);
    // Once committed, the key is recorded.
    expect(await ingest.record(view(answers, { idempotency: first.idempotency }))).toBe('recorded');
  });

  it('records an external_event_id met twice in one batch once; the second sees it as a duplicate', async () => {
    const answers = new Map<string, RecordedEvent>();
    const first = view(answers);
    const again = view(answers, { external_event_id: first.external_event_id, session_id: first.session_id });
    expect(await Promise.all([ingest.record(first), ingest.record(again)])).toEqual(['open', 'open']);
    const a = answers.get(first.idempotency.key)!;
    const b = answers.get(again.idempotency.key)!;
    expect(a.created).toBe(true);
    expect(b).toEqual({ created: false, event: { id: a.event.id, type: 'page_view', session_id: first.session_id } });
  });

  it('refuses a repeat whose answer throws, keeping the rest of its batch', async () => {
    const answers = new Map<string, RecordedEvent>();
    const ok = view(answers);
    const recorded = view(answers);
    await ingest.record(recorded);
    const refuse = () => {
      throw new Error('refused');
    };
    const repeat = view(answers, { external_event_id: recorded.external_event_id, answer: refuse });
    const [a, b] = await Promise.allSettled([ingest.record(ok), ingest.record(repeat)]);
    expect(a).toEqual({ status: 'fulfilled', value: 'open' });
    expect(b).toMatchObject({ status: 'rejected', reason: { message: 'refused' } });
    expect(await recordOf(ok.idempotency.key)).toBeDefined();
    expect(await recordOf(repeat.idempotency.key)).toBeUndefined();
  });

  it('rolls a new event back when its answer throws, and records the rest of its batch', async () => {
    const answers = new Map<string, RecordedEvent>();
    const ok = view(answers);
    const refused = view(answers, {
      answer: () => {
        throw new Error('refused');
      },
    });
    const [a, b] = await Promise.allSettled([ingest.record(ok), ingest.record(refused)]);
    expect(a).toEqual({ status: 'fulfilled', value: 'open' });
    expect(b).toMatchObject({ status: 'rejected', reason: { message: 'refused' } });
    expect(await recordOf(ok.idempotency.key)).toBeDefined();
    expect(await recordOf(refused.idempotency.key)).toBeUndefined();
    expect(
      await t.sql`select 1 from events where workspace_id = ${tenant.workspaceId} and external_event_id = ${refused.external_event_id}`,
    ).toHaveLength(0);
  });
});
