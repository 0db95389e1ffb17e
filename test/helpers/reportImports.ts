import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestContext, TestResponse } from './harness.ts';
import type { Upload } from '../fixtures/reports/build.ts';
import { parseFile } from '../../tasks/report_import/parseFile.ts';
import { summarize, type Outcome } from '../../tasks/report_import/summary.ts';

/** One file parsed and summarized as the import task does with a file sent alone; a failed import throws its reason. */
export async function importedAlone(
  name: string,
  data: Buffer | string,
): Promise<Extract<Outcome, { summary: unknown }>> {
  const outcome = summarize([await parseFile(name, Buffer.from(data), { alone: true })]);
  if (outcome.status === 'failed') throw new Error(outcome.reason);
  return outcome;
}

/** POST /reports/import as multipart (fetch sends a Content-Length for a FormData of blobs). */
export async function importReport(
  t: Pick<TestContext, 'baseUrl'>,
  key: string,
  files: Upload[],
  opts: { idempotencyKey?: string; fields?: Record<string, string>; fileField?: string } = {},
): Promise<TestResponse> {
  const form = new FormData();
  for (const f of files)
    form.append(
      opts.fileField ?? 'files',
      new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }),
      f.name,
    );
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
  const res = await fetch(`${t.baseUrl}/api/v1/reports/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'idempotency-key': opts.idempotencyKey ?? randomUUID() },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
}

/** Polls until the import task has moved the report out of `importing` (bounded). */
export async function waitForImport(
  t: Pick<TestContext, 'sql'>,
  reportId: string,
  timeoutMs = 20_000,
): Promise<{ status: string; summary: any }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await t.sql<
      { status: string; summary: any }[]
    >`select status, summary from reports where id = ${reportId}`;
    if (row && row.status !== 'importing') return row;
    if (Date.now() > deadline) expect.fail(`report ${reportId} still importing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Imports and waits; returns the finished report as the API shows it. */
export async function importAndWait(t: TestContext, key: string, files: Upload[], fields?: Record<string, string>) {
  const res = await importReport(t, key, files, { fields });
  expect(res.status, res.text).toBe(201);
  await waitForImport(t, res.body.report.id);
  const detail = await t.request('GET', `/api/v1/reports/${res.body.report.id}`, { key });
  return detail.body.report;
}
