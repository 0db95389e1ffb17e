import { ERRORS } from '../core/errors.ts';
import type { Sql } from '../storage/db.ts';

/** Exports one workspace may run (or wait for) at once; more answer 429. */
export const EXPORTS_PER_WORKSPACE = 2;

/**
 * Admits exports to a pool's connections. An export keeps its connection for as long as its client
 * takes the bytes, so at most a quarter of the pool serves exports and one workspace holds at most
 * EXPORTS_PER_WORKSPACE of those: stalled exporters can delay other exports, never every request,
 * and one workspace's cannot take all the export slots. An export waits for a free slot until its
 * client goes away.
 */
export class ExportSlots {
  private running = 0;
  private readonly perWorkspace = new Map<string, number>();
  private readonly waiting: { start: () => void }[] = [];

  constructor(readonly size: number) {}

  /** Resolves with the slot's release once the export may use a connection. */
  async acquire(workspaceId: string, clientGone: AbortSignal): Promise<() => void> {
    const held = this.perWorkspace.get(workspaceId) ?? 0;
    if (held >= EXPORTS_PER_WORKSPACE) {
      throw ERRORS.tooManyExports(EXPORTS_PER_WORKSPACE);
    }
    this.perWorkspace.set(workspaceId, held + 1);
    const leave = () => {
      const n = this.perWorkspace.get(workspaceId)! - 1;
      if (n === 0) this.perWorkspace.delete(workspaceId);
      else this.perWorkspace.set(workspaceId, n);
    };
    try {
      await this.turn(clientGone);
    } catch (err) {
      leave();
      throw err;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      leave();
      const next = this.waiting.shift();
      if (next) next.start();
      else this.running--;
    };
  }

  private turn(clientGone: AbortSignal): Promise<void> {
    clientGone.throwIfAborted();
    if (this.running < this.size) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        // A released slot passes straight to the next waiter, so `running` stays as it is.
        start: () => {
          clientGone.removeEventListener('abort', giveUp);
          resolve();
        },
      };
      const giveUp = () => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(clientGone.reason);
      };
      clientGone.addEventListener('abort', giveUp, { once: true });
      this.waiting.push(waiter);
    });
  }
}

const slotsByPool = new WeakMap<Sql, ExportSlots>();

/** The export slots of a pool: a quarter of its connections, at least one. */
export function exportSlotsOf(sql: Sql): ExportSlots {
  let slots = slotsByPool.get(sql);
  if (!slots) slotsByPool.set(sql, (slots = new ExportSlots(Math.max(1, Math.floor(sql.options.max / 4)))));
  return slots;
}
