import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, waitUntil, type TestContext } from './helpers/harness.ts';
import { SUMMARY_CSV } from './fixtures/reports/build.ts';

const BOUNDARY = 'XBOUNDARYX';

let t: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'uploads-hostile-'));
  t = await createTestContext({
    RATE_LIMIT_PER_MINUTE: '100000',
    DATA_DIR: dataDir,
    UPLOAD_DEADLINE_SECONDS: '7',
    UPLOAD_MIN_BYTES_PER_SECOND: '200',
    EXPENSIVE_REQUESTS_PER_KEY: '3',
  });
});
afterAll(() => t.close());

/** A small import as a browser would send it: one CSV part and one field. */
function importBody(csv = SUMMARY_CSV): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="external_report_id"\r\n\r\nEXT-1\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n` +
      `--${BOUNDARY}--\r\n`,
  );
}

function headers(key: string, length: number, idempotencyKey = randomUUID()) {
  return [
    'POST /api/v1/reports/import HTTP/1.1',
    `Host: 127.0.0.1`,
    `Authorization: Bearer ${key}`,
    `Idempotency-Key: ${idempotencyKey}`,
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
    `Content-Length: ${length}`,
    '',
    '',
  ].join('\r\n');
}

interface RawAnswer {
  status: number;
  body: any;
}

/** An open socket to the API; `answer` settles with the first response, or null if it closed without one. */
function openSocket(): { socket: Socket; answer: Promise<RawAnswer | null> } {
  const socket = connect(new URL(t.baseUrl).port as unknown as number, '127.0.0.1');
  socket.on('error', () => {});
  const answer = new Promise<RawAnswer | null>((resolve) => {
    let text = '';
    socket.on('data', (c) => {
      text += c.toString('latin1');
      const head = text.indexOf('\r\n\r\n');
      if (head < 0) return;
      const length = Number(/content-length: *(\d+)/i.exec(text.slice(0, head))?.[1] ?? -1);
      const body = text.slice(head + 4);
      if (length >= 0 && Buffer.byteLength(body, 'latin1') >= length) {
        resolve({ status: Number(text.slice(9, 12)), body: JSON.parse(body.slice(0, length)) });
      }
    });
    socket.on('close', () => resolve(null));
  });
  return { socket, answer };
}

/** Sends head and body over a raw socket, exactly as given, and waits for the answer. */
async function send(key: string, body: Buffer, declaredLength = body.length): Promise<RawAnswer | null> {
  const { socket, answer } = openSocket();
  socket.write(headers(key, declaredLength));
  socket.write(body);
  const result = await answer;
  socket.destroy();
  return result;
}

async function blobFiles(workspaceId: string): Promise<string[]> {
  const entries = await readdir(join(dataDir, 'blobs', workspaceId), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

async function reportCount(workspaceId: string): Promise<number> {
  const [{ count }] = await t.sql<
    { count: number }[]
  >`select count(*)::int from reports where workspace_id = ${workspaceId}`;
  return count;
}

/** Backends of the test database inside a transaction or running a statement, other than this check. */
async function busyBackends(): Promise<string[]> {
  const rows = await t.sql<{ state: string; query: string }[]>`
    select state, query from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid()
      and (state like 'idle in transaction%' or (state = 'active' and backend_type = 'client backend'))`;
  return rows.map((r) => `${r.state}: ${r.query}`);
}

function expectEnvelope(answer: RawAnswer | null, status: number) {
  expect(answer, 'the server closed the connection without an answer').not.toBeNull();
  expect(answer!.status).toBe(status);
  expect(answer!.body.error).toMatchObject({
    code: expect.any(String),
    message: expect.any(String),
    request_id: expect.any(String),
  });
}

/** A deterministic PRNG (mulberry32), so a failing mutation can be replayed. */
function prng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('multipart bodies a hostile client sends', () => {
  it('answers the 107-byte body without a closing boundary with 400, and the process keeps serving', async () => {
    const tenant = await t.tenant();
    const body = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\na,b`,
    );
    expect(body.length).toBe(107);
    expectEnvelope(await send(tenant.key, body), 400);
    expect((await t.request('GET', '/api/v1/me', { key: tenant.key })).status).toBe(200);
    expect(await reportCount(tenant.workspaceId)).toBe(0);
    expect(await blobFiles(tenant.workspaceId)).toEqual([]);
  });

  it('answers a body cut at every byte offset with a 4xx envelope, keeping only the cuts that are whole bodies', async () => {
    const tenant = await t.tenant();
    const whole = importBody();
    for (let cut = 0; cut < whole.length; cut++) {
      const answer = await send(tenant.key, whole.subarray(0, cut), Math.max(cut, 1));
      // An empty body is declared as one byte and never sent: the rate check answers it. The
      // closing delimiter's last CRLF is optional, so the last two cuts are whole bodies.
      if (cut === 0) expectEnvelope(answer, 408);
      else if (cut >= whole.length - 2) expect(answer!.status).toBe(201);
      else expectEnvelope(answer, 400);
    }
    expect(await reportCount(tenant.workspaceId)).toBe(2);
    expect((await blobFiles(tenant.workspaceId)).length).toBe(2);
  }, 60_000);

  it('answers a few hundred random corruptions with 201 or a 4xx envelope, never a 5xx or a dropped connection', async () => {
    const tenant = await t.tenant();
    const whole = importBody();
    const random = prng(20261123);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 300; i++) {
      const body = Buffer.from(whole);
      const edits = 1 + Math.floor(random() * 4);
      for (let e = 0; e < edits; e++) body[Math.floor(random() * body.length)] = Math.floor(random() * 256);
      const answer = await send(tenant.key, body);
      expect(answer, `mutation ${i} closed the connection without an answer`).not.toBeNull();
      expect([201, 400, 413], `mutation ${i}: ${JSON.stringify(answer!.body)}`).toContain(answer!.status);
      if (answer!.status !== 201) expectEnvelope(answer, answer!.status);
      statuses.set(answer!.status, (statuses.get(answer!.status) ?? 0) + 1);
    }
    // Both outcomes were exercised: some corruptions hit the file's bytes only, most the framing.
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(201)).toBeGreaterThan(0);
    const [{ files }] = await t.sql<
      { files: number }[]
    >`select count(*)::int as files from report_files where workspace_id = ${tenant.workspaceId}`;
    expect((await blobFiles(tenant.workspaceId)).length).toBe(files);
  }, 90_000);
});

describe('clients that take their time or hang up', () => {
  it('cuts off a sender trickling below the minimum rate with 408, holding no connection meanwhile', async () => {
    const slow = await t.tenant();
    const other = await t.tenant();
    const whole = importBody();
    const { socket, answer } = openSocket();
    socket.write(headers(slow.key, whole.length));
    let sent = 0;
    const trickle = setInterval(() => {
      if (sent < whole.length) socket.write(whole.subarray(sent, ++sent));
    }, 100);
    try {
      // While the upload trickles, no transaction waits on it and other tenants are served at once.
      await new Promise((r) => setTimeout(r, 1500));
      expect(await busyBackends()).toEqual([]);
      const started = Date.now();
      expect((await t.request('GET', '/api/v1/leads?limit=1', { key: other.key })).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
      const result = await answer;
      expectEnvelope(result, 408);
      expect(result!.body.error.message).toMatch(/minimum is 200/);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
    expect(await reportCount(slow.workspaceId)).toBe(0);
    expect(await waitUntil(async () => (await blobFiles(slow.workspaceId)).length === 0, 2000)).toBe(true);
  }, 20_000);

  it('cuts off an upload still arriving at the deadline with 408', async () => {
    const tenant = await t.tenant();
    const whole = importBody('a'.repeat(20_000));
    const { socket, answer } = openSocket();
    socket.write(headers(tenant.key, whole.length));
    let sent = 0;
    // 300 bytes every 250 ms: above the minimum rate, too slow to finish within 7 s.
    const feed = setInterval(() => {
      socket.write(whole.subarray(sent, (sent += 300)));
    }, 250);
    try {
      const result = await answer;
      expectEnvelope(result, 408);
      expect(result!.body.error.message).toMatch(/within 7 seconds/);
    } finally {
      clearInterval(feed);
      socket.destroy();
    }
    expect(await waitUntil(async () => (await blobFiles(tenant.workspaceId)).length === 0, 2000)).toBe(true);
  }, 20_000);

  it('leaves no row, no blob and no open transaction behind a client that hangs up mid-body', async () => {
    const tenant = await t.tenant();
    const whole = importBody('x'.repeat(100_000));
    for (const fraction of [0.1, 0.5, 0.99]) {
      const { socket } = openSocket();
      socket.write(headers(tenant.key, whole.length));
      socket.write(whole.subarray(0, Math.floor(whole.length * fraction)));
      await new Promise((r) => setTimeout(r, 200));
      socket.destroy();
    }
    expect(await waitUntil(async () => (await blobFiles(tenant.workspaceId)).length === 0, 3000)).toBe(true);
    expect(await reportCount(tenant.workspaceId)).toBe(0);
    expect(await busyBackends()).toEqual([]);
    expect((await t.request('GET', '/api/v1/me', { key: tenant.key })).status).toBe(200);
  });

  it('caps the uploads one key has running at once with 429, and frees the slot when one ends', async () => {
    const tenant = await t.tenant();
    const whole = importBody();
    const held = [openSocket(), openSocket(), openSocket()];
    for (const h of held) h.socket.write(headers(tenant.key, whole.length) + 'x');
    await new Promise((r) => setTimeout(r, 300));
    const refused = await send(tenant.key, whole);
    expectEnvelope(refused, 429);
    expect(refused!.body.error.code).toBe('RATE_LIMITED');
    // Another key of the same workspace has its own slots.
    const otherKey = await t.keyFor(tenant.workspaceId, ['reports.write', 'reports.read']);
    expect((await send(otherKey, whole))!.status).toBe(201);
    held[0]!.socket.destroy();
    await new Promise((r) => setTimeout(r, 300));
    expect((await send(tenant.key, whole))!.status).toBe(201);
    for (const h of held) h.socket.destroy();
  });
});

describe('the Idempotency-Key of an upload', () => {
  it('answers 409 for a different file of the same length under a reused key', async () => {
    const tenant = await t.tenant();
    const key = randomUUID();
    const first = importBody(SUMMARY_CSV);
    const second = importBody(SUMMARY_CSV.replace(/\d/, (d) => String((Number(d) + 1) % 10)));
    expect(second.length).toBe(first.length);
    const post = async (body: Buffer) => {
      const { socket, answer } = openSocket();
      socket.write(headers(tenant.key, body.length, key));
      socket.write(body);
      const a = await answer;
      socket.destroy();
      return a;
    };
    expect((await post(first))!.status).toBe(201);
    expectEnvelope(await post(second), 409);
    const replay = await post(first);
    expect(replay!.status).toBe(201);
    expect(await reportCount(tenant.workspaceId)).toBe(1);
    expect((await blobFiles(tenant.workspaceId)).length).toBe(1);
  });

  it('records one report for concurrent identical uploads under one key; the other is refused or replayed', async () => {
    const tenant = await t.tenant();
    const key = randomUUID();
    const body = importBody();
    const answers = await Promise.all(
      [0, 1].map(async () => {
        const { socket, answer } = openSocket();
        socket.write(headers(tenant.key, body.length, key));
        socket.write(body);
        const a = await answer;
        socket.destroy();
        return a!;
      }),
    );
    expect(answers.map((a) => a.status).sort()).toEqual(expect.arrayContaining([201]));
    for (const a of answers) expect([201, 409]).toContain(a.status);
    expect(await reportCount(tenant.workspaceId)).toBe(1);
    expect(await waitUntil(async () => (await blobFiles(tenant.workspaceId)).length === 1, 2000)).toBe(true);
  });
});
