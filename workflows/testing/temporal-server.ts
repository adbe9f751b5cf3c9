/**
 * Where the *.temporal.test.ts suites find their server: TEMPORAL_ADDRESS, which
 * `npm run test:temporal` (scripts/test-temporal.ts) sets to the dev server it started. The
 * suites never skip: without an address they fail, saying how to run them.
 */
import type { ScheduleOverlapPolicy } from '@temporalio/client';

export function temporalTestAddress(): string {
  const address = process.env.TEMPORAL_ADDRESS;
  if (!address) throw new Error('The Temporal suites need a Temporal server: run them with `npm run test:temporal` (or set TEMPORAL_ADDRESS).');
  return address;
}

let lastTrigger = 0;

/**
 * Triggers a Temporal Schedule now, at least 1.1 s after the previous trigger of this process. A
 * schedule names each run's workflow id after its action time to the second, so a second trigger
 * within the same second would ask for a workflow id already taken and start nothing (seen as a
 * tick that never comes).
 */
export async function triggerSpaced(handle: { trigger(overlap?: ScheduleOverlapPolicy): Promise<void> }, overlap?: ScheduleOverlapPolicy): Promise<void> {
  const wait = lastTrigger + 1_100 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  await handle.trigger(overlap);
  lastTrigger = Date.now();
}

/** Polls `check` every 100 ms until it holds; fails naming `what` after 60 s. */
export async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
