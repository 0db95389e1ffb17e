import { groupCommitBatchSize } from './metrics.ts';

/**
 * Group commit: items wait in a queue and go out as one batch, one batch at a time per process.
 * An idle queue leaves on the next turn of the event loop, so a lone item waits for nothing;
 * under load, everything that arrives while a batch is being written forms the next one, so
 * the batches grow with the load instead of the number of round trips.
 *
 * `write` settles every item of its batch itself (resolving or rejecting what the item carries)
 * and must not reject: the queue only learns that the batch is over.
 */
export class GroupCommit<T> {
  private queue: T[] = [];
  private scheduled = false;
  private writing = false;
  private readonly batchSizes;

  /** `name` labels the commit's batch sizes in group_commit_batch_size. */
  constructor(
    name: string,
    private readonly write: (batch: T[]) => Promise<void>,
    private readonly maxBatch = Number.POSITIVE_INFINITY,
  ) {
    this.batchSizes = groupCommitBatchSize.labels(name);
  }

  add(item: T): void {
    this.queue.push(item);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled || this.writing || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.writing = true;
      const batch = this.queue.splice(0, this.maxBatch);
      this.batchSizes.observe(batch.length);
      void this.write(batch).finally(() => {
        this.writing = false;
        this.schedule();
      });
    });
  }
}
