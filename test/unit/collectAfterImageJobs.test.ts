// The worker's full collection after image jobs (worker/collectAfterImageJobs.ts): it runs once
// after a visualization job ends, not after other jobs, and it is a real major collection.
import { EventEmitter } from 'node:events';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import type { WorkerEvents } from 'graphile-worker';
import { collectAfterImageJobs } from '../../worker/collectAfterImageJobs.ts';
import { fullCollection } from '../../core/fullCollection.ts';

const complete = (events: EventEmitter, task: string) =>
  events.emit('job:complete', { job: { task_identifier: task } });
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('collecting after image jobs', () => {
  it('collects once after visualization jobs end, however many end in one turn, and never after others', async () => {
    const events = new EventEmitter();
    let collections = 0;
    collectAfterImageJobs(events as unknown as WorkerEvents, () => collections++);
    complete(events, 'webhook_deliver');
    complete(events, 'report_import');
    await nextTurn();
    expect(collections).toBe(0);
    complete(events, 'visualization_generate');
    complete(events, 'visualization_embed');
    await nextTurn();
    expect(collections).toBe(1);
    complete(events, 'visualization_embed');
    await nextTurn();
    expect(collections).toBe(2);
  });

  it('is a major collection of V8', async () => {
    const kinds: number[] = [];
    const observer = new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => kinds.push((e as unknown as { detail: { kind: number } }).detail.kind)),
    );
    observer.observe({ entryTypes: ['gc'] });
    fullCollection()();
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
    expect(kinds).toContain(constants.NODE_PERFORMANCE_GC_MAJOR);
  });
});
