import { sample } from '../helpers/promText.ts';
import type { RunningProcess } from './system.ts';

/** Job attempts of `task` that succeeded on this worker process, from its /metrics. */
export async function jobSuccesses(worker: RunningProcess, task: string): Promise<number> {
  const res = await fetch(`${worker.baseUrl}/metrics`, { signal: AbortSignal.timeout(5000) });
  return sample(await res.text(), 'worker_job_duration_seconds_count', { task, outcome: 'success' }) ?? 0;
}
