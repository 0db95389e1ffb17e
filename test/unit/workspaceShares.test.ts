import { describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import { SlotShares } from '../../worker/workspaceShares.ts';

const flag = (ws: string) => `workspace:${ws}`;
const ofPayload = (job: { payload: unknown }) => (job.payload as { workspace_id?: string }).workspace_id;

describe("a worker's slots shared between workspaces", () => {
  it('lets a workspace alone take every slot, and no more', () => {
    const shares = new SlotShares(4, flag, ofPayload);
    for (let i = 0; i < 3; i++) {
      shares.enter('a');
      expect(shares.forbidden()).toEqual([]);
    }
    shares.enter('a');
    expect(shares.forbidden()).toEqual(['workspace:a']);
    expect(shares.overShare('a')).toBe(false);
  });

  it("starts another workspace's job while one holds every slot, and has the first hand over down to its share", () => {
    const shares = new SlotShares(4, flag, ofPayload);
    for (let i = 0; i < 4; i++) shares.enter('a');
    // b runs nothing here: its flag is not forbidden, so its job takes a reserve slot.
    expect(shares.forbidden()).not.toContain('workspace:b');
    shares.enter('b');
    expect(shares.forbidden()).toEqual(['workspace:a']);
    expect(shares.overShare('a')).toBe(true);
    expect(shares.overShare('b')).toBe(false);
    shares.leave('a'); // a's job hands over at its next step
    expect([shares.overShare('a'), shares.forbidden()]).toEqual([false, ['workspace:a']]);
    shares.enter('b'); // b takes its second slot: a is above its share of two again
    expect([shares.overShare('a'), shares.forbidden()]).toEqual([true, ['workspace:a', 'workspace:b']]);
    shares.leave('a');
    expect([shares.overShare('a'), shares.overShare('b')]).toEqual([false, false]);
  });

  it('gives a free slot to whoever asks while the slots are not all taken', () => {
    const shares = new SlotShares(4, flag, ofPayload);
    shares.enter('a');
    shares.enter('a');
    shares.enter('b');
    expect(shares.forbidden()).toEqual([]);
    shares.enter('a');
    expect([shares.overShare('a'), shares.forbidden()]).toEqual([false, ['workspace:a']]);
    shares.enter('c');
    // Three workspaces over four slots: a share of two each (rounded up); a is above it.
    expect(shares.overShare('a')).toBe(true);
    expect(shares.forbidden()).toEqual(['workspace:a']);
  });

  it('forgets a workspace once its last job ends', () => {
    const shares = new SlotShares(1, flag, ofPayload);
    shares.enter('a');
    expect(shares.forbidden()).toEqual(['workspace:a']);
    shares.leave('a');
    expect(shares.forbidden()).toEqual([]);
    shares.enter('b');
    expect(shares.forbidden()).toEqual(['workspace:b']);
  });

  it("has the process's workers look for jobs one at a time, each seeing the jobs started before it", async () => {
    const shares = new SlotShares(2, flag, ofPayload);
    const events = new EventEmitter();
    shares.watch(events);
    // Four idle workers woken at once by one NOTIFY.
    const asked = [0, 1, 2, 3].map(() => shares.forbiddenFlags());
    const seen: string[][] = [];
    for (let i = 0; i < 4; i++) {
      seen.push(await asked[i]!);
      events.emit('job:start', {
        job: { id: String(i), task_identifier: 'webhook_deliver', payload: { workspace_id: 'a' } },
      });
    }
    expect(seen).toEqual([[], [], ['workspace:a'], ['workspace:a']]);
    events.emit('job:complete', { job: { id: '0' } });
    events.emit('job:complete', { job: { id: '1' } });
    expect(await shares.forbiddenFlags()).toEqual(['workspace:a']);
    events.emit('worker:getJob:empty', {});
    events.emit('job:complete', { job: { id: '2' } });
    expect(await shares.forbiddenFlags()).toEqual([]);
  });
});
