/** Sends remembered: enough to look like the provider today, few enough to follow it when it slows. */
const SAMPLES = 16;
/** What a first answer waits before any text went out: about one provider round trip. */
const FIRST_WAIT_MS = 250;

/**
 * How long the provider takes to accept a text, so that an answer for a number we do not text (one
 * that replied STOP) takes as long as one we do: the time of a request tells a stranger nothing the
 * answer does not (docs/decisions/020-abuse-limits.md, "Who said STOP").
 */
export function createSendPace(maxWaitMs: number) {
  const recent: number[] = [];
  return {
    /** Runs a send and keeps its time. */
    async timed<T>(send: () => Promise<T>): Promise<T> {
      const started = performance.now();
      try {
        return await send();
      } finally {
        recent.push(performance.now() - started);
        if (recent.length > SAMPLES) recent.shift();
      }
    },
    /** Waits as long as one of the recent sends took, picked at random. */
    wait(): Promise<void> {
      const pick = recent[Math.floor(Math.random() * recent.length)] ?? FIRST_WAIT_MS;
      return new Promise((resolve) => setTimeout(resolve, Math.min(pick, maxWaitMs)));
    },
  };
}
export type SendPace = ReturnType<typeof createSendPace>;
