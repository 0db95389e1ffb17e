// Development helper: rewrites the Previous/Hash headers of migrations/committed/*.sql
// after editing them, using graphile-migrate's own hash rule. Never run it on
// migrations that a deployed database has already applied.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createHash } from 'node:crypto';

const dir = join(import.meta.dirname, '..', 'migrations', 'committed');
let previous: string | null = null;
for (const name of (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort()) {
  const text = await readFile(join(dir, name), 'utf8');
  const lines = text.split('\n');
  // graphile-migrate's headers: the leading `--! Name` lines (a body may start with `--! no-transaction`).
  const headerCount = lines.findIndex((l) => !/^--! [A-Z]/.test(l));
  const headers = lines.slice(0, headerCount).filter((l) => !/^--! (Previous|Hash):/.test(l));
  const body = lines.slice(headerCount).join('\n').trim();
  const hash: string =
    'sha1:' +
    createHash('sha1')
      .update(`${((previous ?? '') + '\n' + body).trim()}\n`)
      .digest('hex');
  const out = [`--! Previous: ${previous ?? '-'}`, `--! Hash: ${hash}`, ...headers, '', body, ''].join('\n');
  if (out !== text) await writeFile(join(dir, name), out);
  previous = hash;
}
