import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestContext, type TestContext } from './helpers/harness.ts';
import { ExportSlots, EXPORTS_PER_WORKSPACE } from '../api/exportSlots.ts';
import { CapacityLeases } from '../storage/capacityLeases.ts';
import { createSql, type Sql } from '../storage/db.ts';

let t: TestContext;
/** Two web processes' pools and leases: each its own connections and holder. */
let pools: Sql[];
const failures: unknown[] = [];
const leasesOf = (sql: Sql, ttlSeconds?: number) => new CapacityLeases(sql, (err) => failures.push(err), ttlSeconds);

const settled = async (p: Promise<unknown>) => {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await sleep(50);
  return done;
};

beforeAll(async () => {
  t = await createTestContext();
  pools = [createSql(t.databaseUrl, 2), createSql(t.databaseUrl, 2)];
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await t?.close();
});

describe('capacity leases', () => {
  it('hold one cap across two processes, taken in parallel, and free a slot on release', async () => {
    const [a, b] = pools.map((sql) => leasesOf(sql));
    const taken = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a! : b!).take('key:k1', 3)));
    expect(taken.filter(Boolean)).toHaveLength(3);
    expect(await a!.take('key:k2', 3)).toBeDefined();
    taken.find(Boolean)!();
    await sleep(50);
    expect(await b!.take('key:k1', 3)).toBeDefined();
    expect(await a!.take('key:k1', 3)).toBeUndefined();
    expect(failures).toEqual([]);
  });

  it('count a lease its own process let go no more, before the delete lands (a request right after another)', async () => {
    const a = leasesOf(pools[0]!);
    for (let i = 0; i < 5; i++) {
      const release = await a.take('key:sequential', 1);
      expect(release).toBeDefined();
      release!();
    }
    expect(failures).toEqual([]);
  });

  it("let a crashed process's leases expire, while a live process's are renewed", async () => {
    const crashed = leasesOf(pools[0]!, 1);
    const live = leasesOf(pools[1]!, 1);
    expect(await crashed.take('key:crash', 2)).toBeDefined();
    const kept = await live.take('key:crash', 2);
    expect(kept).toBeDefined();
    crashed.stop(); // no renewal and no release: as a killed process
    expect(await live.take('key:crash', 2)).toBeUndefined();
    await sleep(1600);
    // The crashed lease is gone; the live one, renewed meanwhile, still counts.
    expect(await live.take('key:crash', 2)).toBeDefined();
    expect(await live.take('key:crash', 2)).toBeUndefined();
    kept!();
    live.stop();
  });
});

describe('export slots over two processes', () => {
  it(`answer 429 to a workspace's export beyond ${EXPORTS_PER_WORKSPACE} at once on any process, waiting ones included`, async () => {
    const [a, b] = pools.map((sql) => new ExportSlots(leasesOf(sql), 1));
    const never = new AbortController().signal;
    const first = await a!.acquire('ws_a', never);
    const waiting = b!.acquire('ws_a', never);
    expect(await settled(waiting)).toBe(false);
    await expect(a!.acquire('ws_a', never)).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    await expect(b!.acquire('ws_a', never)).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    first();
    (await waiting)();
    await sleep(50);
    (await b!.acquire('ws_a', never))();
  });

  it('queue exports beyond the share held anywhere, and a waiter whose client leaves gives up its place', async () => {
    const [a, b] = pools.map((sql) => new ExportSlots(leasesOf(sql), 2));
    const never = new AbortController().signal;
    const one = await a!.acquire('ws_1', never);
    const two = await b!.acquire('ws_2', never);
    const gone = new AbortController();
    const leaving = a!.acquire('ws_3', gone.signal);
    const next = b!.acquire('ws_4', never);
    expect(await settled(leaving)).toBe(false);
    expect(await settled(next)).toBe(false);
    gone.abort(new Error('client left'));
    await expect(leaving).rejects.toThrow('client left');
    one();
    one(); // a second release frees nothing more
    const four = await next;
    const fifth = new AbortController();
    const waitingFifth = a!.acquire('ws_5', fifth.signal);
    expect(await settled(waitingFifth)).toBe(false);
    fifth.abort(new Error('client left'));
    await expect(waitingFifth).rejects.toThrow('client left');
    // The one that left took no workspace slot with it.
    two();
    four();
    const [left] = await t.sql<
      { n: number }[]
    >`select count(*)::int as n from capacity_leases where bucket = 'export-workspace:ws_3'`;
    expect(left!.n).toBe(0);
  });
});
