import { setTimeout as sleep } from "node:timers/promises";

const POLL_MS = 10;

/**
 * Resolves once `condition()` holds, polling (no timing is asserted); fails after `limitMs`
 * naming `what`, so a stalled run ends with a reason instead of hanging.
 */
export async function until(condition: () => boolean, what: string, limitMs = 10_000) {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`never happened within ${limitMs} ms: ${what}`);
    await sleep(POLL_MS);
  }
}
