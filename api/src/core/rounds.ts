/**
 * Runs `round` at once and again `intervalMs` after each one ends, so two rounds never overlap.
 * `round` must not reject (it logs its own failures) and may ask `stopped()` to end early. Returns a
 * function that stops the loop and waits for the round in progress. The rounds run in the async
 * context `repeatRounds` is called in (a tenant scope, for instance).
 */
export function repeatRounds(
  round: (stopped: () => boolean) => Promise<void>,
  intervalMs: number,
): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = () => {
    running = round(() => stopped).finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  };
  timer = setTimeout(tick, 0);

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
