import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../storage/cluster/embedded.ts';
import { migrateDatabase } from '../storage/migrate.ts';
import { createSql, type Sql } from '../storage/db.ts';

export const root = join(import.meta.dirname, '..');

export interface BenchDatabase {
  pg: EmbeddedDatabase;
  url: string;
  sql: Sql;
  /** Another migrated database in the same cluster (a new install's), and its URL. */
  newDatabase: (name: string) => Promise<string>;
  stop: () => Promise<void>;
}

/** A throwaway embedded PostgreSQL with a migrated database, tuned for speed over durability. */
export async function benchDatabase(): Promise<BenchDatabase> {
  const pg = await startEmbeddedPostgres(await mkdtemp(join(tmpdir(), 'partner-api-bench-')), {
    persistent: false,
    fsyncOff: true,
  });
  const newDatabase = async (name: string) => {
    const admin = createSql(pg.url('postgres'), 1);
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    // Over the Unix socket, as `npm start` connects to its embedded database.
    const url = pg.socketUrl(name);
    await migrateDatabase(url);
    return url;
  };
  const url = await newDatabase('bench');
  const sql = createSql(url, 10);
  return {
    pg,
    url,
    sql,
    newDatabase,
    stop: async () => {
      await sql.end();
      await pg.stop();
    },
  };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  rssMb: () => number;
  stop: () => Promise<void>;
}

/**
 * Runs a TypeScript entry point as its own process (so its RSS is its own); for servers, waits
 * until the port answers.
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  opts: { http?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (opts.http !== false) {
    try {
      await fetch(`${url}/api/v1/openapi.json`);
      break;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${entry} did not start`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url,
    child,
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}

export async function load(opts: autocannon.Options): Promise<LoadResult> {
  const r = await autocannon({ connections: 32, duration: 10, ...opts });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** CPU seconds (user + system) of a process and of its children it has reaped, from Linux's /proc. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
  } catch {
    return 0; // a child that exited meanwhile
  }
}

const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number);

/** CPU seconds of a process and its live children so far: the API process, or PostgreSQL and its backends. */
export const processTreeCpuSeconds = (pid: number) =>
  cpuSeconds(pid) + childrenOf(pid).reduce((sum, child) => sum + cpuSeconds(child), 0);

/** The postmaster of the embedded PostgreSQL this bench process started. */
export const postmasterPid = () =>
  childrenOf(process.pid).find((pid) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres')!;

/** Seconds of a load before it is measured: they warm the JIT, the pool's connections and their prepared statements. */
const WARM_UP_S = 3;

/**
 * A load measured after WARM_UP_S of the same load: the targets are sustained rates. The
 * warm-up's own result comes along for counts that must cover every request sent.
 */
export async function sustainedLoad(opts: autocannon.Options): Promise<LoadResult & { warmUp: LoadResult }> {
  const warmUp = await load({ ...opts, duration: WARM_UP_S });
  return { ...(await load(opts)), warmUp };
}

/**
 * Loads compared with each other, measured in turns: each is warmed up once (as sustainedLoad),
 * then runs `slices` slices of `duration / slices` seconds in rounds with the others, and its
 * result sums its slices (p50 the median of theirs, p99 the highest). This VM's speed drifts by a
 * fifth within minutes: two 10 s loads one after the other put the lead batch at 8.5× to 11.4× the
 * single upsert for the same code. `around` wraps each slice of load i (CPU readings).
 */
export async function alternatingLoads(
  loads: autocannon.Options[],
  opts: { duration: number; slices: number; around?: (i: number, slice: () => Promise<void>) => Promise<void> },
): Promise<LoadResult[]> {
  for (const l of loads) await load({ ...l, duration: WARM_UP_S });
  const slices: LoadResult[][] = loads.map(() => []);
  for (let s = 0; s < opts.slices; s++) {
    // Every other round in reverse (A B, B A, …): a drift that is steady over the run then weighs
    // on each load alike.
    const order = s % 2 === 0 ? [...loads.keys()] : [...loads.keys()].reverse();
    for (const i of order) {
      const slice = async () =>
        void slices[i]!.push(await load({ ...loads[i], duration: opts.duration / opts.slices }));
      await (opts.around ? opts.around(i, slice) : slice());
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const sum = (rs: LoadResult[], k: 'requests' | 'errors' | 'non2xx') => rs.reduce((n, r) => n + r[k], 0);
  return slices.map((rs) => ({
    rps: Math.round(sum(rs, 'requests') / opts.duration),
    p50: median(rs.map((r) => r.p50)),
    p99: Math.max(...rs.map((r) => r.p99)),
    requests: sum(rs, 'requests'),
    errors: sum(rs, 'errors'),
    non2xx: sum(rs, 'non2xx'),
  }));
}

/** Requests answered 2xx. */
export const answered = (r: LoadResult) => r.requests - r.errors - r.non2xx;

export function row(name: string, r: LoadResult, extra = ''): string {
  return `| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors + r.non2xx} |${extra ? ` ${extra} |` : ''}`;
}

/**
 * The bare Koa baseline (bench/bareServer.ts) measured now: this VM's speed drifts by a quarter
 * within one run, so a feature's rate is read against a baseline taken right before it.
 */
export async function bareBaseline(duration = 10): Promise<LoadResult> {
  const bare = await startProcess('bench/bareServer.ts', {});
  try {
    return await sustainedLoad({ url: `${bare.url}/api/v1/me`, duration });
  } finally {
    await bare.stop();
  }
}

/** A rate as a share of the baseline: "4.9% of 20,400 req/s". */
export const ofBaseline = (rps: number, baseline: LoadResult) =>
  `${((rps / baseline.rps) * 100).toFixed(1)}% of the bare baseline measured just before (${baseline.rps} req/s)`;

/**
 * POST /api/v1/leads upserts as autocannon requests: a unique Idempotency-Key each, 50,000
 * phones, so the first run's calls mostly create leads and later calls update them; or the i-th
 * call's phone from `phoneOf` (e.g. leads seeded before, which every call then updates).
 */
export function leadUpserts(
  auth: Record<string, string>,
  phoneOf = (i: number) => `212${5000000 + (i % 50_000)}`,
): autocannon.Request[] {
  const run = randomBytes(4).toString('hex');
  let i = 0;
  return [
    {
      setupRequest: (req) => {
        i++;
        return {
          ...req,
          headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': `bench-${run}-${i}` },
          body: JSON.stringify({
            contact_name: `Bench ${i}`,
            contact_phone: phoneOf(i),
            attribution: { source: 'google' },
          }),
        };
      },
    },
  ];
}
