/**
 * Report import limits, measured: `npx tsx bench/reports.ts`.
 *
 * 1. Parse of a generated 20 MB XLSX and a 20 MB DXF, each in a fresh child process running
 *    the worker's own parser (parseFile), sampling RSS every 10 ms: peak RSS and parse time.
 * 2. A 50 MB multipart import streamed into the real API (embedded PostgreSQL, real blob store):
 *    the API process's RSS growth while the body streams, which stays far below the body size.
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';

const MB = 1024 * 1024;
const TARGET = 20 * MB;

function sampleRss() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss);
  };
}

/** Child mode: parse one file as the worker does and print one JSON line. */
async function child(file: string) {
  const { parseFile } = await import('../tasks/report_import/parse-file.ts');
  const data = await readFile(file);
  const baseline = process.memoryUsage().rss;
  const stop = sampleRss();
  const started = performance.now();
  let outcome = 'parsed';
  try {
    await parseFile(file.split('/').pop()!, data, { allowPdf: false });
  } catch (err) {
    outcome = `failed: ${(err as Error).message}`;
  }
  const ms = performance.now() - started;
  console.log(JSON.stringify({ baseline_mb: baseline / MB, peak_rss_mb: stop() / MB, parse_ms: ms, outcome }));
}

async function generateXlsx(path: string) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('Measurements');
  for (const r of [['Total roof area', 2865, 'sq ft'], ['Predominant pitch', '5/12'], ['Ridges', 105, 'ft'], ['Hips', 10, 'ft'], ['Valleys', 89, 'ft'], ['Rakes', 154, 'ft'], ['Eaves', 109, 'ft']]) {
    ws.addRow(r).commit();
  }
  // Random text barely compresses, so the file reaches 20 MB with a realistic row count.
  for (let i = 0; ; i++) {
    ws.addRow([`Facet ${i}`, randomBytes(12).toString('hex'), Math.round(Math.random() * 100000) / 100, `${1 + (i % 12)}/12`]).commit();
    if (i % 20000 === 0 && (await stat(path).catch(() => ({ size: 0 }))).size >= TARGET) break;
    if (i > 2_000_000) break;
  }
  await wb.commit();
}

async function generateDxf(path: string) {
  const out = createWriteStream(path);
  const write = (s: string) => new Promise<void>((r) => (out.write(s) ? r() : out.once('drain', () => r())));
  await write('0\nSECTION\n2\nHEADER\n9\n$INSUNITS\n70\n2\n0\nENDSEC\n0\nSECTION\n2\nENTITIES\n');
  const layers = ['RIDGE', 'HIP', 'VALLEY', 'RAKE', 'EAVE'];
  let size = 0;
  for (let i = 0; size < TARGET - 200; i++) {
    const x = (i % 1000) * 10;
    const y = Math.floor(i / 1000) * 10;
    const entity = i % 4 === 0
      ? `0\nLWPOLYLINE\n8\nROOF\n90\n4\n70\n1\n10\n${x}\n20\n${y}\n10\n${x + 8}\n20\n${y}\n10\n${x + 8}\n20\n${y + 8}\n10\n${x}\n20\n${y + 8}\n`
      : `0\nLINE\n8\n${layers[i % 5]}\n10\n${x}.25\n20\n${y}.5\n30\n0.0\n11\n${x + 7}.75\n21\n${y + 3}.5\n31\n0.0\n`;
    size += entity.length;
    await write(entity);
  }
  await write('0\nENDSEC\n0\nEOF\n');
  await new Promise<void>((r) => out.end(r));
}

function runChild(file: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', file], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (c) => (out += c));
    proc.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`child exited ${code}`))));
  });
}

/** Streams a multipart body of `size` bytes from disk; the client itself holds no body in memory. */
function streamImport(port: number, key: string, file: string, size: number): Promise<number> {
  const boundary = `bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1', port, method: 'POST', path: '/api/v1/reports/import',
      headers: {
        authorization: `Bearer ${key}`,
        'idempotency-key': boundary,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + size + tail.length,
      },
    }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    const body = new PassThrough();
    body.pipe(req);
    body.write(head);
    createReadStream(file).on('end', () => body.end(tail)).pipe(body, { end: false });
  });
}

async function uploadBench(dir: string) {
  const { startEmbeddedPostgres } = await import('../storage/embedded.ts');
  const { migrateDatabase } = await import('../storage/migrate.ts');
  const { loadConfig } = await import('../core/config.ts');
  const { createLogger } = await import('../core/logger.ts');
  const { createSql } = await import('../storage/db.ts');
  const { startApi } = await import('../api/server.ts');
  const { createWorkspace } = await import('../storage/workspaces.ts');
  const { createApiKey } = await import('../storage/apiKeys.ts');

  // Its own temporary directory: the server runs as the postgres user, which cannot enter `dir`.
  const db = await startEmbeddedPostgres(await mkdtemp(join(tmpdir(), 'bench-reports-pg-')), { persistent: false, fsyncOff: true });
  try {
    const url = db.url('bench');
    const admin = createSql(db.url('postgres'), 1);
    await admin.unsafe('create database bench');
    await admin.end();
    await migrateDatabase(url);
    const config = loadConfig({ DATABASE_URL: url, DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0', MAX_IMPORT_BYTES: String(60 * MB) });
    const sql = createSql(url, 5);
    const api = await startApi({ config, logger: createLogger('silent'), sql, port: 0 });
    const ws = await createWorkspace(sql, 'bench');
    const { key } = await createApiKey(sql, { workspaceId: ws.id, name: 'bench', scopes: ['reports.write'] });

    const file = join(dir, 'big.csv');
    await writeFile(file, 'Facet,Area,Pitch,Note\n');
    const chunk = `F1,123.45,5/12,${'x'.repeat(84)}\n`.repeat(10_000);
    for (let i = 0; i < 50; i++) await appendFile(file, chunk);
    const size = (await stat(file)).size;

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    const stop = sampleRss();
    const started = performance.now();
    const status = await streamImport(api.port, key, file, size);
    const ms = performance.now() - started;
    const peak = stop();
    await api.close();
    await sql.end();
    return { body_mb: size / MB, status, baseline_rss_mb: baseline / MB, peak_rss_mb: peak / MB, growth_mb: (peak - baseline) / MB, upload_ms: ms };
  } finally {
    await db.stop();
  }
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'bench-reports-'));
  const round = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v * 10) / 10 : v]));
  try {
    const xlsx = join(dir, 'big.xlsx');
    const dxf = join(dir, 'big.dxf');
    console.log('generating 20 MB XLSX and DXF …');
    await generateXlsx(xlsx);
    await generateDxf(dxf);
    for (const [name, file] of [['xlsx', xlsx], ['dxf', dxf]] as const) {
      const size = (await stat(file)).size / MB;
      const result = await runChild(file);
      console.log(JSON.stringify({ bench: `import parse ${name}`, file_mb: Math.round(size * 10) / 10, ...round(result), limit_rss_mb: 300, ok: (result.peak_rss_mb as number) < 300 }));
    }
    const upload = await uploadBench(dir);
    console.log(JSON.stringify({ bench: 'import upload streaming', ...round(upload), ok: upload.status === 201 && upload.growth_mb < upload.body_mb / 2 }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3]!);
else await main();
