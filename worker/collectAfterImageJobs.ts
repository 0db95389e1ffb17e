import type { WorkerEvents } from 'graphile-worker';
import type { TaskName } from '../storage/jobPayloads.ts';
import { fullCollection } from '../core/fullCollection.ts';

/** Tasks whose jobs leave tens of megabytes of decoded photos, masks and tensors behind them. */
const IMAGE_TASKS: ReadonlySet<string> = new Set<TaskName>(['visualization_embed', 'visualization_generate']);

/**
 * Runs V8's full collection once a job of IMAGE_TASKS has ended. Their buffers live outside V8's
 * heap, which V8 collects only after such memory has grown by tens of megabytes, so without it the
 * last job's dead photos and tensors stay resident into the next embedding, whose activations then
 * come on top of them: that is the worker's peak (bench/RESULTS.md, segmenter). A full collection of
 * the worker's small heap takes a few milliseconds, after a job of a second or more.
 */
export function collectAfterImageJobs(events: WorkerEvents, collect: () => void = fullCollection()): void {
  let scheduled = false;
  events.on('job:complete', ({ job }) => {
    if (!IMAGE_TASKS.has(job.task_identifier) || scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      collect();
    });
  });
}
