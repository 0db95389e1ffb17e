import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApi } from '../api/openapi.ts';
import { allRoutes } from '../api/routes/index.ts';
import { loadConfig } from '../core/config.ts';

type Problem = { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] };

/**
 * The warnings of Redocly's recommended rules docs/decisions/api.md ("/docs, the OpenAPI document and
 * examples") justifies, by rule and place; any other error or warning fails.
 */
const JUSTIFIED = [
  ['info-license', '#/info'],
  ['no-ambiguous-paths', '#/paths/~1api~1v1~1reports~1{report_id}~1export'],
  ['operation-2xx-response', '#/paths/~1api~1v1~1reports~1exports~1{export_id}~1download/get/responses'],
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("Redocly's recommended rules", () => {
  it('find no error and no warning beyond the justified ones in the document production serves', async () => {
    // As a deployment serves it: PUBLIC_BASE_URL names the real host, never localhost.
    const doc = buildOpenApi(allRoutes, loadConfig({ PUBLIC_BASE_URL: 'https://partner-api.invalid' }));
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(doc));
    const run = await promisify(execFile)(
      join(process.cwd(), 'node_modules/.bin/redocly'),
      ['lint', file, '--extends=recommended', '--format=json'],
      { cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((err: { stdout: string; stderr: string }) => err);
    const { problems } = JSON.parse(run.stdout) as { problems: Problem[] };
    const found = problems.map((p) => [p.ruleId, p.location[0]!.pointer]);
    expect(found, JSON.stringify(problems, null, 1)).toEqual(JUSTIFIED);
  }, 60_000);
});
