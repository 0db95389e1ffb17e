import type { Db } from './db.ts';

export interface WorkerIdentity {
  /** graphile-worker's pool id: what it writes into locked_by. */
  workerId: string;
  hostname: string;
  pid: number;
}

/** Renews the worker's lease for aliveForSeconds from now. */
export async function beat(sql: Db, w: WorkerIdentity, aliveForSeconds: number): Promise<void> {
  await sql`
    insert into worker_heartbeats (worker_id, hostname, pid, alive_until)
    values (${w.workerId}, ${w.hostname}, ${w.pid}, now() + make_interval(secs => ${aliveForSeconds}))
    on conflict (worker_id) do update set beat_at = now(), alive_until = excluded.alive_until`;
}

/** A worker that stopped cleanly holds no locks and needs no lease. */
export async function forgetWorker(sql: Db, workerId: string): Promise<void> {
  await sql`delete from worker_heartbeats where worker_id = ${workerId}`;
}

/** Leases that ran out a day ago: their workers' jobs were unlocked long since. */
export async function pruneHeartbeats(sql: Db): Promise<void> {
  await sql`delete from worker_heartbeats where alive_until < now() - interval '1 day'`;
}
