import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSchema, REGENERATE_COMMAND, SCHEMA_FILE } from '../../clients/typescript/generate.ts';

/** Where two texts first differ, as a line number and the two lines, for a message that shows it. */
function firstDifference(committed: string, generated: string): string {
  const a = committed.split('\n');
  const b = generated.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(a[at] ?? '(end of file)')}, generated ${JSON.stringify(b[at] ?? '(end of file)')}`;
}

describe('the TypeScript client', () => {
  it('has the types the served OpenAPI document generates (drift check)', async () => {
    const [committed, generated] = await Promise.all([readFile(SCHEMA_FILE, 'utf8').catch(() => ''), generateSchema()]);
    const file = relative(process.cwd(), SCHEMA_FILE);
    expect(
      committed === generated,
      `${file} does not match the OpenAPI document: run \`${REGENERATE_COMMAND}\` and commit ${file} (first difference at ${firstDifference(committed, generated)})`,
    ).toBe(true);
  }, 60_000);
});
