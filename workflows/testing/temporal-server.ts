/**
 * Where the *.temporal.test.ts suites find their server: TEMPORAL_ADDRESS, which
 * `npm run test:temporal` (scripts/test-temporal.ts) sets to the dev server it started. The
 * suites never skip: without an address they fail, saying how to run them.
 */
export function temporalTestAddress(): string {
  const address = process.env.TEMPORAL_ADDRESS;
  if (!address) throw new Error('The Temporal suites need a Temporal server: run them with `npm run test:temporal` (or set TEMPORAL_ADDRESS).');
  return address;
}
