import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { clusterDirFor, embeddedBinDir, postgresUser } from '../../storage/cluster/embedded.ts';

/** `pg_ctl stop -m immediate` on the cluster in `dir`: every backend dies at once, as in a crash or a failover. */
export async function stopPostgresImmediately(dir: string): Promise<void> {
  // PostgreSQL runs as the postgres user when the tests run as root (see startEmbeddedPostgres).
  const asPostgres = process.getuid?.() === 0 ? postgresUser() : {};
  execFileSync(join(await embeddedBinDir(), 'pg_ctl'), ['stop', '-D', clusterDirFor(dir), '-m', 'immediate', '-w'], {
    ...asPostgres,
    stdio: 'ignore',
    timeout: 30_000,
  });
}
