export interface Periodic {
  /** Stops ticking, and waits for a tick under way. */
  stop: () => Promise<void>;
}

/**
 * Runs `tick` at once (resolving once it has run) and then every `intervalMs`. A failed tick (the
 * database unreachable) goes to `onError` and the next one tries again; a tick still running when
 * the next is due (a slow database) is not doubled up.
 */
export async function every(
  intervalMs: number,
  tick: () => Promise<unknown>,
  onError: (err: unknown) => void,
): Promise<Periodic> {
  let busy: Promise<void> | undefined;
  const schedule = () =>
    (busy ??= tick()
      .then(() => undefined, onError)
      .finally(() => (busy = undefined)));
  await schedule();
  const timer = setInterval(schedule, intervalMs);
  return {
    stop: async () => {
      clearInterval(timer);
      await busy;
    },
  };
}
