import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { createTestContext, waitUntil, type TestContext, type Tenant } from './helpers/harness.ts';
import { startApi, type RunningApi } from '../api/server.ts';
import { createLogger } from '../core/logger.ts';
import { createSql, type Sql } from '../storage/db.ts';
import { EXPORTS_PER_WORKSPACE } from '../api/exportSlots.ts';

const DEADLINE_MS = 1500;
const LEADS = 20_000;

let t: TestContext;
// The API under test runs on a pool of the configured size (DB_POOL_MAX), as in production.
let sql: Sql;
let api: RunningApi;
let big: Tenant;
const serverSockets = new Set<net.Socket>();

beforeAll(async () => {
  t = await createTestContext({ EXPORT_WRITE_DEADLINE_MS: String(DEADLINE_MS) });
  sql = createSql(t.databaseUrl, t.config.DB_POOL_MAX);
  api = await startApi({ config: t.config, logger: createLogger('silent'), sql, port: 0 });
  api.server.on('connection', (socket: net.Socket) => {
    serverSockets.add(socket);
    socket.once('close', () => serverSockets.delete(socket));
  });
  big = await t.tenant({ scopes: ['leads.export'] });
  // About 11 MB of CSV per 10,000-lead export: far more than the socket buffers of both ends hold,
  // so a client that reads nothing stalls the export mid-transaction.
  const [stage] =
    await t.sql`select id from pipeline_stages where workspace_id = ${big.workspaceId} order by sort_order limit 1`;
  await t.sql`
    insert into leads (id, workspace_id, stage_id, stage_timestamps, attribution, conversion_type, contact_name, notes, created_at, updated_at)
    select ${big.workspaceId} || '_bulk_' || g, ${big.workspaceId}, ${stage!.id}, '{}', '{}', 'partner_api', 'Homeowner ' || g,
           repeat('roof inspection notes ', 50), now() - g * interval '1 second', now() - g * interval '1 second'
    from generate_series(1, ${LEADS}) g`;
});
afterAll(async () => {
  await api?.close();
  await sql?.end({ timeout: 5 });
  await t.close();
});

/** An export request on a raw socket that reads nothing: the server's writes pile up unread. */
function stalledExport(key: string, path = '/api/v1/leads/export') {
  const socket = net.connect(api.port, '127.0.0.1');
  socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n\r\n`);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  return { socket, closed };
}

/** Reads what the server sent until it closes the connection; the bytes received. */
async function drain(s: ReturnType<typeof stalledExport>) {
  let bytes = 0;
  s.socket.on('data', (chunk: Buffer) => (bytes += chunk.length));
  await s.closed;
  return bytes;
}

/** Backends of the test database, other than the asking one, running an export's statement or in a transaction. */
async function exportBackends(): Promise<number> {
  const [{ n }] = await t.sql`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid()
      and (state like 'idle in transaction%' or (state = 'active' and query like '%from leads l%'))`;
  return n;
}

async function openConnections(): Promise<number> {
  return new Promise((resolve, reject) => api.server.getConnections((err, n) => (err ? reject(err) : resolve(n))));
}

/** Waits until `count` exports have filled their sockets' buffers and wait for their clients. */
async function waitForStall(count = 1) {
  const stalled = async () => [...serverSockets].filter((s) => s.writableNeedDrain).length === count;
  expect(await waitUntil(stalled, 10_000, 50)).toBe(true);
  expect(await exportBackends()).toBe(count);
}

describe('lead export to a client that stops reading', () => {
  it('is cut off after the write deadline: the transaction ends and the server closes the connection', async () => {
    const client = stalledExport(big.key);
    await waitForStall();
    const stalledAt = Date.now();
    expect(
      await waitUntil(
        async () => (await exportBackends()) === 0 && (await openConnections()) === 0,
        2 * DEADLINE_MS + 2000,
        50,
      ),
    ).toBe(true);
    expect(Date.now() - stalledAt).toBeLessThan(2 * DEADLINE_MS + 2000);
    // What the kernel had buffered arrives, then the reset: far from the whole export.
    expect(await drain(client)).toBeLessThan(8_000_000);
  });

  it('ends the transaction at once when the client disconnects mid-export', async () => {
    const client = stalledExport(big.key);
    await waitForStall();
    const leftAt = Date.now();
    client.socket.destroy();
    expect(await waitUntil(async () => (await exportBackends()) === 0, 2000, 25)).toBe(true);
    expect(Date.now() - leftAt).toBeLessThan(DEADLINE_MS);
  });

  it('cancels the statement it waits on when the client disconnects', async () => {
    // The export's first statement waits behind this lock until the client is gone.
    const holder = await t.sql.reserve();
    try {
      await holder`begin`;
      await holder`lock table leads in access exclusive mode`;
      const client = stalledExport(big.key);
      const waiting = async () => {
        const [{ n }] = await t.sql`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query like '%from leads l%'`;
        return n === 1;
      };
      expect(await waitUntil(waiting, 10_000, 25)).toBe(true);
      const leftAt = Date.now();
      client.socket.destroy();
      expect(await waitUntil(async () => !(await waiting()), 2000, 25)).toBe(true);
      expect(Date.now() - leftAt).toBeLessThan(2000);
    } finally {
      await holder`rollback`;
      holder.release();
    }
    expect(await waitUntil(async () => (await exportBackends()) === 0, 2000, 25)).toBe(true);
    // The pool is whole: a full export still answers.
    const res = await fetch(`http://127.0.0.1:${api.port}/api/v1/leads/export?limit=3`, {
      headers: { authorization: `Bearer ${big.key}` },
    });
    expect(res.status).toBe(200);
    expect((await res.text()).trim().split('\n')).toHaveLength(4);
  });

  it("twenty stalled exporters hold at most a workspace's share of connections; other workspaces are answered at once", async () => {
    const clients = Array.from({ length: 20 }, () => stalledExport(big.key));
    await waitForStall(EXPORTS_PER_WORKSPACE);
    const other = await t.tenant();
    await t.request('POST', '/api/v1/leads', {
      key: other.key,
      body: { contact_name: 'Other Tenant', contact_phone: '2125550142' },
      headers: { 'idempotency-key': 'other-1' },
    });
    const started = Date.now();
    const list = await fetch(`http://127.0.0.1:${api.port}/api/v1/leads?limit=1`, {
      headers: { authorization: `Bearer ${other.key}` },
    });
    expect(list.status).toBe(200);
    expect((await list.json()).leads).toHaveLength(1);
    const exported = await fetch(`http://127.0.0.1:${api.port}/api/v1/leads/export`, {
      headers: { authorization: `Bearer ${other.key}` },
    });
    expect(exported.status).toBe(200);
    expect(await exported.text()).toContain('Other Tenant');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await exportBackends()).toBe(EXPORTS_PER_WORKSPACE);
    expect(await waitUntil(async () => (await exportBackends()) === 0, 2 * DEADLINE_MS + 2000, 50)).toBe(true);
    // The rest were turned away at once rather than queued behind the stalled ones.
    const heads = await Promise.all(clients.map(statusHead));
    const answers = heads.map((h) => h.split('\r\n')[0]);
    expect(answers.filter((a) => a === 'HTTP/1.1 429 Too Many Requests')).toHaveLength(20 - EXPORTS_PER_WORKSPACE);
    expect(answers.filter((a) => a === 'HTTP/1.1 200 OK')).toHaveLength(EXPORTS_PER_WORKSPACE);
    // Each 429 says when to try again, as every 429 of the contract does.
    const refused = heads.filter((h) => h.startsWith('HTTP/1.1 429'));
    expect(refused.every((h) => /\r\nRetry-After: 1\r\n/i.test(`${h}\r\n`))).toBe(true);
  });
});

/** The status line and headers a stalled client got, read once the server has answered or cut it off. */
async function statusHead(s: ReturnType<typeof stalledExport>): Promise<string> {
  let head = '';
  s.socket.on('data', (chunk: Buffer) => {
    if (!head.includes('\r\n\r\n')) head += chunk.toString('latin1');
  });
  await s.closed;
  const end = head.indexOf('\r\n\r\n');
  return end < 0 ? head : head.slice(0, end);
}
