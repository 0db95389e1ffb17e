import type { RetryOutcome } from '../../storage/jobs.ts';
import type { Flash } from './flash.ts';

const IDS_NAMED = 20;

/** Ids for a sentence, bounded so a retry of hundreds still fits in the flash cookie. */
function idList(ids: string[]): string {
  const named = ids.slice(0, IDS_NAMED).join(', ');
  return ids.length > IDS_NAMED ? `${named} and ${ids.length - IDS_NAMED} more` : named;
}

/** The flash a retry leaves: what ran again, and each job left as it was with the reason. */
export function describeRetry(requested: string[], outcome: RetryOutcome | undefined): Flash {
  if (!requested.length || !outcome)
    return { tone: 'refused', text: 'No failed jobs match the filter; nothing was retried.' };
  const sentences: string[] = [];
  const { retried, refused } = outcome;
  if (retried.length === 1)
    sentences.push(`Retried job ${retried[0]}: it runs again now with fresh attempts, its object back in progress.`);
  if (retried.length > 1)
    sentences.push(
      `Retried ${retried.length} jobs (${idList(retried)}): they run again now with fresh attempts, their objects back in progress.`,
    );
  for (const { id, reason } of refused.slice(0, IDS_NAMED)) sentences.push(`Job ${id} not retried: ${reason}.`);
  const accounted = new Set([...retried, ...refused.map((r) => r.id)]);
  const gone = requested.filter((id) => !accounted.has(id));
  if (gone.length)
    sentences.push(
      `${gone.length === 1 ? 'Job' : 'Jobs'} ${idList(gone)} not retried: not found, or running on a live worker.`,
    );
  return { tone: refused.length || gone.length || !retried.length ? 'refused' : 'ok', text: sentences.join(' ') };
}
