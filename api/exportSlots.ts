import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS } from '../core/errors.ts';
import type { CapacityLeases } from '../storage/capacityLeases.ts';

/** Exports one workspace may run (or wait for) at once; more answer 429. */
export const EXPORTS_PER_WORKSPACE = 2;

/** How often an export waiting for a free slot asks again. */
const RETRY_MS = 200;

/**
 * Admits exports to the database's connections. An export keeps its connection for as long as its
 * client takes the bytes, so at most `size` exports run at once across every web process (a
 * quarter of one process's pool), and one workspace holds at most EXPORTS_PER_WORKSPACE of those:
 * stalled exporters can delay other exports, never every request, and one workspace's cannot take
 * all the export slots. Both caps are leases in PostgreSQL (storage/capacityLeases.ts), so they
 * add up across processes and dynos. An export waits for a free slot, holding no connection,
 * until its client goes away.
 */
export class ExportSlots {
  constructor(
    private readonly leases: CapacityLeases,
    readonly size: number,
  ) {}

  /** Resolves with the slot's release once the export may use a connection. */
  async acquire(workspaceId: string, clientGone: AbortSignal): Promise<() => void> {
    clientGone.throwIfAborted();
    const leaveWorkspace = await this.leases.take(`export-workspace:${workspaceId}`, EXPORTS_PER_WORKSPACE);
    if (!leaveWorkspace) {
      throw ERRORS.tooManyExports(EXPORTS_PER_WORKSPACE);
    }
    try {
      for (;;) {
        clientGone.throwIfAborted();
        const leaveShare = await this.leases.take('export-share', this.size);
        if (leaveShare)
          return () => {
            leaveShare();
            leaveWorkspace();
          };
        await sleep(RETRY_MS, undefined, { signal: clientGone }).catch(() => clientGone.throwIfAborted());
      }
    } catch (err) {
      leaveWorkspace();
      throw err;
    }
  }
}
