import { describe, expect, it } from 'vitest';
import { ExportSlots, EXPORTS_PER_WORKSPACE } from '../api/exportSlots.ts';

const settled = async (p: Promise<unknown>) => {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setImmediate(r));
  return done;
};

describe('export slots', () => {
  it('queue exports beyond the pool share, in order, and a waiter whose client leaves gives up its place', async () => {
    const slots = new ExportSlots(2);
    const never = new AbortController().signal;
    const a = await slots.acquire('ws_a', never);
    const b = await slots.acquire('ws_b', never);
    const gone = new AbortController();
    const c = slots.acquire('ws_c', gone.signal);
    const d = slots.acquire('ws_d', never);
    expect(await settled(c)).toBe(false);
    gone.abort(new Error('client left'));
    await expect(c).rejects.toThrow('client left');
    a();
    a(); // a second release frees nothing more
    const releaseD = await d;
    expect(await settled(slots.acquire('ws_e', never))).toBe(false);
    b();
    releaseD();
  });

  it(`answer 429 to a workspace's export beyond ${EXPORTS_PER_WORKSPACE} at once, queued ones included`, async () => {
    const slots = new ExportSlots(1);
    const never = new AbortController().signal;
    const first = await slots.acquire('ws_a', never);
    const queued = slots.acquire('ws_a', never);
    await expect(slots.acquire('ws_a', never)).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    first();
    (await queued)();
    (await slots.acquire('ws_a', never))();
  });
});
