import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger.ts';

/**
 * Makes this process the primary of `count` forked copies of itself (each runs as the process
 * would without a cluster) and keeps that many running: a copy that dies is replaced. The
 * returned stop passes SIGTERM on to every copy (a platform may have signalled them already; a
 * Docker-style host signals the primary alone) and resolves once all have exited, or rejects
 * when one did not exit cleanly.
 */
export function forkCopies(count: number, logger: Logger): () => Promise<void> {
  let stopping = false;
  const replacements = new Set<NodeJS.Timeout>();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    logger.error({ pid: worker.process.pid, code, signal }, 'a forked process died; starting another');
    // Delayed, so a copy that cannot start at all is not re-forked in a hot loop.
    const timer = setTimeout(() => {
      replacements.delete(timer);
      cluster.fork();
    }, 1000);
    replacements.add(timer);
  });
  for (let i = 0; i < count; i++) cluster.fork();
  return async () => {
    stopping = true;
    replacements.forEach(clearTimeout);
    const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
    const exits = running.map((w) => new Promise<number | null>((resolve) => w.once('exit', (code) => resolve(code))));
    for (const w of running) w.process.kill('SIGTERM');
    const codes = await Promise.all(exits);
    const unclean = codes.filter((code) => code !== 0).length;
    if (unclean) throw new Error(`${unclean} of ${codes.length} forked processes did not exit cleanly`);
  };
}
