// `npx tsx bench/webConcurrency.ts` (also run by `npm run bench`): GET /api/v1/me and POST
// /api/v1/leads against `web` with its defaults (one copy, DB_POOL_MAX=20), with WEB_CONCURRENCY=2,
// and with a pool of twice the machine's cores, on the same database, as ratios. PostgreSQL shares
// the same cores: a second copy gains what is left of them, and every connection past a few per
// core is one more backend competing for them.
import { availableParallelism } from 'node:os';
import { benchDatabase, startProcess, sustainedLoad, type LoadResult } from './lib.ts';
import { loadConfig } from '../core/config.ts';
import { createWorkspace } from '../storage/workspaces.ts';
import { createApiKey } from '../storage/apiKeys.ts';
import { SCOPES } from '../core/scopes.ts';

const db = await benchDatabase();
const ws = await createWorkspace(db.sql, 'Bench concurrency');
const { key } = await createApiKey(db.sql, { workspaceId: ws.id, name: 'bench', scopes: [...SCOPES] });
const auth = { authorization: `Bearer ${key}` };
let i = 0;

async function measure(env: Record<string, string>): Promise<{ me: LoadResult; upsert: LoadResult }> {
  const web = await startProcess('api/server.ts', { DATABASE_URL: db.url, RATE_LIMIT_PER_MINUTE: '100000000', ...env });
  try {
    const me = await sustainedLoad({ url: `${web.url}/api/v1/me`, headers: auth });
    const upsert = await sustainedLoad({
      url: `${web.url}/api/v1/leads`,
      method: 'POST',
      requests: [
        {
          setupRequest: (req) => {
            i++;
            return {
              ...req,
              headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': `wc-${process.pid}-${i}` },
              body: JSON.stringify({ contact_name: `Bench ${i}`, contact_phone: `212${5000000 + (i % 50_000)}` }),
            };
          },
        },
      ],
    });
    return { me, upsert };
  } finally {
    await web.stop();
  }
}

const defaultPool = String(loadConfig({}).DB_POOL_MAX);
const poolOfCores = 2 * availableParallelism();
const defaults = await measure({ WEB_CONCURRENCY: '1', DB_POOL_MAX: defaultPool });
const two = await measure({ WEB_CONCURRENCY: '2', DB_POOL_MAX: defaultPool });
const pool = await measure({ WEB_CONCURRENCY: '1', DB_POOL_MAX: String(poolOfCores) });
const ratio = (a: LoadResult, b: LoadResult) => `${(a.rps / b.rps).toFixed(2)}×`;
const cell = (r: LoadResult) => `${r.rps} (${r.p99})`;
console.log(
  `| 32 connections, 10 s after a 3 s warm-up | defaults: 1 copy, DB_POOL_MAX=${defaultPool}, req/s (p99 ms) | WEB_CONCURRENCY=2 | against the defaults | DB_POOL_MAX=${poolOfCores} (twice the cores) | against the defaults |`,
);
console.log('|---|---|---|---|---|---|');
for (const [name, k] of [
  ['GET /api/v1/me', 'me'],
  ['POST /api/v1/leads', 'upsert'],
] as const) {
  console.log(
    `| ${name} | ${cell(defaults[k])} | ${cell(two[k])} | ${ratio(two[k], defaults[k])} | ${cell(pool[k])} | ${ratio(pool[k], defaults[k])} |`,
  );
}
await db.stop();
