import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where the team keeps the workbench: ../shared/fixtures beside the checkout. */
const BESIDE_CHECKOUT = fileURLToPath(new URL('../../../shared/fixtures', import.meta.url));

/**
 * The folder of real-world files (reports/…, photos/…) the repository does not ship (third-party
 * copyright, homeowners' names): CORPUS_DIR when it is set, else the workbench beside the checkout
 * when it is there, else undefined. The corpus suites and the benches read their real files here.
 */
export function corpusDir(): string | undefined {
  if (process.env.CORPUS_DIR) return process.env.CORPUS_DIR;
  return existsSync(BESIDE_CHECKOUT) ? BESIDE_CHECKOUT : undefined;
}

/** corpusDir for a suite that has nothing to check without it: a clear error instead. */
export function requireCorpusDir(): string {
  const dir = corpusDir();
  if (!dir) {
    throw new Error(
      'No real-world files here: set CORPUS_DIR to a folder holding reports/ and photos/, or keep the workbench at ../shared/fixtures beside the checkout',
    );
  }
  return dir;
}
