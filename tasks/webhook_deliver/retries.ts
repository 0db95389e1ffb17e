/**
 * Seconds until try n + 1 after n failed ones: BASE·2^(n−1) capped at MAX, times a random 0.5–1.5
 * so that one receiver's backlog, failed at once, does not come back all at once.
 */
export function retryDelaySeconds(
  failedTries: number,
  baseSeconds: number,
  maxSeconds: number,
  random = Math.random,
): number {
  const exponent = Math.min(Math.max(failedTries - 1, 0), 30);
  return Math.min(baseSeconds * 2 ** exponent, maxSeconds) * (0.5 + random());
}

const UNITS: [seconds: number, one: string][] = [
  [86_400, 'day'],
  [3600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** A span as people write it: "3 days", "6 hours", "90 seconds". */
export function plainDuration(seconds: number): string {
  const [size, unit] = UNITS.find(([size]) => seconds % size === 0 && seconds >= size) ?? [1, 'second'];
  const n = seconds / size;
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
