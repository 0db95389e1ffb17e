// `npx tsx bench/webConcurrency.ts` (also run by `npm run bench`): GET /api/v1/me and POST
// /api/v1/leads against `web` with WEB_CONCURRENCY=2 and with 1, on the same database, as a
// ratio. PostgreSQL shares the same cores, so the second copy's gain is what is left of them.
import { benchDatabase, startProcess, sustainedLoad, type LoadResult } from './lib.ts';
import { createWorkspace } from '../storage/workspaces.ts';
import { createApiKey } from '../storage/apiKeys.ts';
import { SCOPES } from '../core/scopes.ts';

const db = await benchDatabase();
const ws = await createWorkspace(db.sql, 'Bench concurrency');
const { key } = await createApiKey(db.sql, { workspaceId: ws.id, name: 'bench', scopes: [...SCOPES] });
const auth = { authorization: `Bearer ${key}` };
let i = 0;

async function measure(concurrency: number): Promise<{ me: LoadResult; upsert: LoadResult }> {
  const web = await startProcess('api/server.ts', {
    DATABASE_URL: db.url,
    RATE_LIMIT_PER_MINUTE: '100000000',
    WEB_CONCURRENCY: String(concurrency),
  });
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

const one = await measure(1);
const two = await measure(2);
const ratio = (a: LoadResult, b: LoadResult) => `${(a.rps / b.rps).toFixed(2)}×`;
console.log(
  '| 32 connections, 10 s after a 3 s warm-up | WEB_CONCURRENCY=1 req/s (p99 ms) | WEB_CONCURRENCY=2 req/s (p99 ms) | 2 against 1 |',
);
console.log('|---|---|---|---|');
console.log(
  `| GET /api/v1/me | ${one.me.rps} (${one.me.p99}) | ${two.me.rps} (${two.me.p99}) | ${ratio(two.me, one.me)} |`,
);
console.log(
  `| POST /api/v1/leads | ${one.upsert.rps} (${one.upsert.p99}) | ${two.upsert.rps} (${two.upsert.p99}) | ${ratio(two.upsert, one.upsert)} |`,
);
await db.stop();
