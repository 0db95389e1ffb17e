/**
 * Upload to `draft`, measured end to end: the real API and a worker in this process on an
 * embedded PostgreSQL, each import posted as a partner would and its report polled every 5 ms.
 * The warm parse pool against a thread started per import (the baseline, same run), idle and
 * with two CPU-bound processes beside it. Targets: a small CSV or JSON p50 ≤ 200 ms, a
 * 12-page PDF ≤ 1 s, the seven shipped samples posted at once all `draft` within 2 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusDir } from '../test/corpus/corpusDir.ts';

const SAMPLES = new URL('../samples/reports/', import.meta.url).pathname;
const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  json: 'application/json',
  xml: 'application/xml',
  dxf: 'application/dxf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

interface Upload {
  name: string;
  data: Buffer;
}

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

/** Two processes that keep both cores busy: "a busy machine". */
function burnCpu(): ChildProcess[] {
  return [0, 1].map(() => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
}

export async function importLatency() {
  const { benchDatabase } = await import('./lib.ts');
  const { loadConfig } = await import('../core/config.ts');
  const { createLogger } = await import('../core/logger.ts');
  const { startApi } = await import('../api/server.ts');
  const { createWorkspace } = await import('../storage/workspaces.ts');
  const { createApiKey } = await import('../storage/apiKeys.ts');
  const { startWorker } = await import('../worker/runner.ts');
  const { holdParsePool } = await import('../tasks/report_import/sandbox.ts');

  const dir = await mkdtemp(join(tmpdir(), 'bench-import-latency-'));
  const db = await benchDatabase();
  const { url, sql } = db;
  const config = loadConfig({
    DATABASE_URL: url,
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    RATE_LIMIT_PER_MINUTE: '100000',
    // Seven uploads in flight at once from one key (the default allows four; the rest would get 429 and retry).
    EXPENSIVE_REQUESTS_PER_KEY: '8',
  });
  const logger = createLogger('silent');
  const api = await startApi({ config, logger, sql, port: 0 });
  const ws = await createWorkspace(sql, 'bench');
  const { key } = await createApiKey(sql, { workspaceId: ws.id, name: 'bench', scopes: ['reports.write'] });

  let n = 0;
  /** Milliseconds from the upload's first byte to the report's `draft` (or other end state). */
  async function importMs(upload: Upload): Promise<{ ms: number; status: string }> {
    const form = new FormData();
    const ext = upload.name.split('.').pop()!;
    form.append(
      'files',
      new Blob([new Uint8Array(upload.data)], { type: MIME[ext] ?? 'application/octet-stream' }),
      upload.name,
    );
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${api.port}/api/v1/reports/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': `bench-${process.pid}-${++n}` },
      body: form,
    });
    const body = (await res.json()) as { report?: { id: string } };
    if (res.status !== 201 || !body.report) throw new Error(`import answered ${res.status}`);
    for (;;) {
      const [row] = await sql<{ status: string }[]>`select status from reports where id = ${body.report.id}`;
      if (row && row.status !== 'importing') return { ms: performance.now() - started, status: row.status };
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  const samples: Upload[] = await Promise.all(
    (await readdir(SAMPLES)).sort().map(async (name) => ({ name, data: await readFile(join(SAMPLES, name)) })),
  );
  const sample = (ext: string) => samples.find((s) => s.name.endsWith(`.${ext}`))!;
  const corpus = corpusDir();
  const corpusPdf = corpus
    ? join(corpus, 'reports', 'pdf', 'eagleview-premium-report-59803192-deltona-fl.pdf')
    : undefined;
  const pdf: Upload & { pages: string } =
    corpusPdf && existsSync(corpusPdf)
      ? { name: 'eagleview-12-pages.pdf', data: await readFile(corpusPdf), pages: '12 (workbench EagleView)' }
      : { ...sample('pdf'), pages: 'shipped sample (no workbench here)' };

  async function scenarios(pool: 'warm pool' | 'thread per import', load: 'idle' | 'two busy cores') {
    const { release } = holdParsePool(
      pool === 'warm pool' ? { threads: 2 } : { threads: 2, maxJobs: 1, keepWarm: false },
    );
    const worker = await startWorker({ config, logger, sql, connectionString: url, withCron: false });
    // Whatever the pool starts is up before the first upload, as on a worker that has been running.
    await new Promise((r) => setTimeout(r, pool === 'warm pool' ? 3000 : 500));
    const burners = load === 'two busy cores' ? burnCpu() : [];
    try {
      const times = async (upload: Upload, count: number) => {
        const ms: number[] = [];
        for (let i = 0; i < count; i++) ms.push((await importMs(upload)).ms);
        return ms;
      };
      const csv = await times(sample('csv'), 10);
      const json = await times(sample('json'), 10);
      const pdfMs = await times(pdf, 5);
      const together = await Promise.all(samples.map(importMs));
      const result = {
        pool,
        load,
        csv_p50_ms: Math.round(percentile(csv, 0.5)),
        json_p50_ms: Math.round(percentile(json, 0.5)),
        pdf_pages: pdf.pages,
        pdf_p50_ms: Math.round(percentile(pdfMs, 0.5)),
        seven_at_once_all_done_ms: Math.round(Math.max(...together.map((t) => t.ms))),
        seven_at_once_statuses: [...new Set(together.map((t) => t.status))].join(','),
      };
      console.log(
        JSON.stringify({
          bench: 'import upload to draft',
          ...result,
          ok:
            pool !== 'warm pool' ||
            (result.csv_p50_ms <= 200 &&
              result.json_p50_ms <= 200 &&
              result.pdf_p50_ms <= 1000 &&
              result.seven_at_once_all_done_ms <= 2000),
        }),
      );
      return result;
    } finally {
      burners.forEach((b) => b.kill());
      await worker.stop();
      await release();
    }
  }

  try {
    for (const load of ['idle', 'two busy cores'] as const) {
      const base = await scenarios('thread per import', load);
      const warm = await scenarios('warm pool', load);
      console.log(
        JSON.stringify({
          bench: 'import upload to draft, warm pool against a thread per import',
          load,
          csv_ratio: Math.round((warm.csv_p50_ms / base.csv_p50_ms) * 100) / 100,
          json_ratio: Math.round((warm.json_p50_ms / base.json_p50_ms) * 100) / 100,
          pdf_ratio: Math.round((warm.pdf_p50_ms / base.pdf_p50_ms) * 100) / 100,
          seven_ratio: Math.round((warm.seven_at_once_all_done_ms / base.seven_at_once_all_done_ms) * 100) / 100,
        }),
      );
    }
  } finally {
    await api.close();
    await db.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
