// The database deadline's one clock (api/middleware/databaseDeadline.ts): a request still unanswered
// after DATABASE_DEADLINE_MS is cut only while PostgreSQL is unreachable and its answer has not begun.
import { describe, expect, it } from 'vitest';
import { DATABASE_DEADLINE_MS, DatabaseDeadline } from '../../api/middleware/databaseDeadline.ts';
import { DatabaseDeadlineError } from '../../storage/cluster/databaseUnavailable.ts';
import type { DatabaseOutages } from '../../storage/cluster/databaseOutages.ts';
import type { Ctx } from '../../api/context.ts';

/** DatabaseOutages' answer, set by the test, and how often it was asked. */
function outages(unreachable: boolean) {
  const state = { unreachable, asked: 0 };
  const fake = {
    unreachableNow: async () => {
      state.asked++;
      return state.unreachable;
    },
  } as unknown as DatabaseOutages;
  return { state, fake };
}

const request = (headerSent = false) => ({ headerSent }) as unknown as Ctx;
const never = () => new Promise<never>(() => {});
const settledWithin = async (p: Promise<unknown>, ms: number) =>
  Promise.race([
    p.then(
      () => 'resolved',
      (err: unknown) => err,
    ),
    new Promise((r) => setTimeout(r, ms, 'pending')),
  ]);

describe('the database deadline', () => {
  it('answers a fast request as its handler does, and asks nothing', async () => {
    const { state, fake } = outages(true);
    const deadline = new DatabaseDeadline(fake);
    await expect(deadline.within(request(), Promise.resolve('x'))).resolves.toBeUndefined();
    const failure = new Error('the handler failed');
    await expect(deadline.within(request(), Promise.reject(failure))).rejects.toBe(failure);
    await new Promise((r) => setTimeout(r, 300));
    expect(state.asked).toBe(0);
  });

  it('cuts a request unanswered past the deadline once PostgreSQL is unreachable, not before', async () => {
    const { fake } = outages(true);
    const deadline = new DatabaseDeadline(fake);
    const started = performance.now();
    const outcome = await settledWithin(deadline.within(request(), never()), DATABASE_DEADLINE_MS + 1500);
    const ms = performance.now() - started;
    expect(outcome).toBeInstanceOf(DatabaseDeadlineError);
    expect(ms).toBeGreaterThanOrEqual(DATABASE_DEADLINE_MS);
    expect(ms).toBeLessThan(DATABASE_DEADLINE_MS + 1000);
  });

  it('leaves a long request against a reachable database alone, asking again, and one whose answer has begun', async () => {
    const { state, fake } = outages(false);
    const deadline = new DatabaseDeadline(fake);
    let finish!: () => void;
    const long = deadline.within(request(), new Promise<void>((r) => (finish = r)));
    const streaming = deadline.within(request(true), never());
    expect(await settledWithin(long, DATABASE_DEADLINE_MS + 1500)).toBe('pending');
    expect(state.asked).toBeGreaterThanOrEqual(1);
    // The database goes away: the request whose answer has begun is still not cut.
    state.unreachable = true;
    expect(await settledWithin(streaming, 1500)).toBe('pending');
    expect(await settledWithin(long, 1500)).toBeInstanceOf(DatabaseDeadlineError);
    finish();
  });
});
