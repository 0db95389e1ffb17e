import type { JobHelpers } from 'graphile-worker';
import type { JobPayload, TaskName } from '../storage/jobPayloads.ts';
import type { Config } from '../core/config.ts';
import type { Logger } from '../core/logger.ts';
import type { Sql } from '../storage/db.ts';
import type { BlobStore } from '../storage/blobs.ts';
import type { Segmenter } from '../core/segmenter/segmenter.ts';
import type { WorkspaceShares } from '../worker/workspaceShares.ts';

/** What every task may use; built once per worker process. */
export interface TaskDeps {
  config: Config;
  logger: Logger;
  sql: Sql;
  blobs: BlobStore;
  /** The promptable roof segmenter: one thread per worker process, models loaded on first use. */
  segmenter: Segmenter;
  /** Whether a workspace runs more than its share of the worker's slots (none: never). */
  shares?: WorkspaceShares;
}

/** A task module's default export: given the worker's deps, the task, handed its parsed payload. */
export type TaskFactory<T extends TaskName> = (
  deps: TaskDeps,
) => (payload: JobPayload<T>, helpers: JobHelpers) => Promise<void>;
