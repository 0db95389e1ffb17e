import { hostname } from 'node:os';
import type { Logger } from '../core/logger.ts';
import type { Sql } from '../storage/db.ts';
import { unlockJobsOfDeadWorkers } from '../storage/jobs.ts';
import { beat, forgetWorker, pruneHeartbeats } from '../storage/workerHeartbeats.ts';
import { every } from './periodic.ts';

export interface Liveness {
  /** Stops beating and drops the lease; call once the worker holds no jobs. */
  stop: () => Promise<void>;
}

/**
 * Keeps this worker's lease alive and, on the same tick, unlocks the jobs of workers whose
 * lease ran out (killed, OOM, lost host), so a live worker runs them again within about
 * staleAfter + heartbeat seconds instead of graphile-worker's 4 hours. Every worker sweeps:
 * the unlock is idempotent, and any single survivor is enough.
 */
export async function startLiveness(deps: {
  sql: Sql;
  logger: Logger;
  workerId: string;
  heartbeatSeconds: number;
  staleAfterSeconds: number;
}): Promise<Liveness> {
  const { sql, logger, workerId, heartbeatSeconds, staleAfterSeconds } = deps;
  const identity = { workerId, hostname: hostname(), pid: process.pid };
  const tick = async () => {
    await beat(sql, identity, staleAfterSeconds);
    const unlocked = await unlockJobsOfDeadWorkers(sql, staleAfterSeconds);
    if (unlocked.length) logger.warn({ jobs: unlocked }, 'unlocked jobs of dead workers');
    await pruneHeartbeats(sql);
  };
  const loop = await every(heartbeatSeconds * 1000, tick, (err) => logger.error({ err }, 'worker heartbeat failed'));
  return {
    stop: async () => {
      await loop.stop();
      await forgetWorker(sql, workerId);
    },
  };
}
