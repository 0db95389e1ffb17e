/**
 * How one worker process shares its slots between workspaces, so that the slots are both fair
 * and never idle while any workspace has work:
 *
 * - while a slot is free, any workspace's job may take it: a workspace alone takes every slot;
 * - once every slot is taken, a workspace may start another job only while it runs fewer than
 *   its share (the slots divided by the workspaces running jobs here, rounded up), in one of the
 *   reserve slots graphile-worker runs beside them: another workspace's job starts as soon as a
 *   worker looks for one (a NOTIFY, or the next poll), without waiting for a running job to end;
 * - while the reserve is in use, a workspace above its share hands over at its jobs' next step
 *   (a webhook job between two deliveries), until the slots are shared again.
 *
 * graphile-worker skips the jobs whose flags `forbiddenFlags` names; every workspace job carries
 * its workspace's flag (storage/jobPolicies.ts workspaceFlag). The process's workers look for
 * jobs one at a time, each with the flags as they are once the previous one has started its job
 * (or found none): eight idle workers woken at once would otherwise all see a free slot and take
 * eight jobs of one workspace.
 */
export interface WorkspaceShares {
  /** Whether the workspace runs more jobs here than its share now: its running jobs should hand over. */
  overShare(workspaceId: string): boolean;
}

type JobOfWorkspace = { id: string; task_identifier: string; payload: unknown };

export class SlotShares implements WorkspaceShares {
  private readonly running = new Map<string, number>();
  private readonly jobs = new Map<string, string>();
  private total = 0;
  /** Settles once the worker looking for a job now has started one or found none. */
  private lookingDone: Promise<void> = Promise.resolve();
  private looked: (() => void) | undefined;

  constructor(
    readonly slots: number,
    private readonly flagOf: (workspaceId: string) => string,
    /** The workspace a job runs for; undefined for jobs of none (cron, rendering). */
    private readonly workspaceOf: (job: JobOfWorkspace) => string | undefined,
  ) {}

  /** Follows graphile-worker's events: jobs starting and ending, and workers done looking. */
  watch(events: NodeJS.EventEmitter): void {
    events.on('job:start', ({ job }: { job: JobOfWorkspace }) => {
      const workspaceId = this.workspaceOf(job);
      if (workspaceId) {
        this.jobs.set(job.id, workspaceId);
        this.enter(workspaceId);
      }
      this.doneLooking();
    });
    events.on('job:complete', ({ job }: { job: JobOfWorkspace }) => {
      const workspaceId = this.jobs.get(job.id);
      if (!workspaceId) return;
      this.jobs.delete(job.id);
      this.leave(workspaceId);
    });
    events.on('worker:getJob:empty', () => this.doneLooking());
    events.on('worker:getJob:error', () => this.doneLooking());
  }

  private share(): number {
    return Math.max(1, Math.ceil(this.slots / Math.max(1, this.running.size)));
  }

  enter(workspaceId: string): void {
    this.running.set(workspaceId, (this.running.get(workspaceId) ?? 0) + 1);
    this.total++;
  }

  leave(workspaceId: string): void {
    const n = (this.running.get(workspaceId) ?? 1) - 1;
    if (n > 0) this.running.set(workspaceId, n);
    else this.running.delete(workspaceId);
    this.total--;
  }

  overShare(workspaceId: string): boolean {
    return this.total > this.slots && (this.running.get(workspaceId) ?? 0) > this.share();
  }

  /** The flags of the workspaces that may not start another job here now. */
  forbidden(): string[] {
    if (this.total < this.slots) return [];
    const share = this.share();
    const flags: string[] = [];
    for (const [workspaceId, n] of this.running) if (n >= share) flags.push(this.flagOf(workspaceId));
    return flags;
  }

  /** graphile-worker's forbiddenFlags: waits for the worker looking before, then the flags as they are. */
  forbiddenFlags = async (): Promise<string[]> => {
    const previous = this.lookingDone;
    let done!: () => void;
    this.lookingDone = new Promise((resolve) => (done = resolve));
    await previous;
    this.looked = done;
    return this.forbidden();
  };

  private doneLooking(): void {
    const done = this.looked;
    this.looked = undefined;
    done?.();
  }
}
