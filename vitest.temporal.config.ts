import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// The suites against a real Temporal server (`npm run test:temporal`, scripts/test-temporal.ts,
// which starts a dev server unless TEMPORAL_ADDRESS is set). `npm test` never includes them, so
// neither run has skipped tests; without a server they fail instead of skipping.
if (!process.env.TEMPORAL_ADDRESS) {
  throw new Error('The Temporal suites need a Temporal server: run `npm run test:temporal` (it starts one), or set TEMPORAL_ADDRESS.');
}

// Spread rather than mergeConfig, which would append these patterns to the base run's.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['{domain,infra,projections,api,workflows,tests}/**/*.temporal.test.ts'],
    // Schedules fire on minute boundaries: a suite may wait up to two of them.
    testTimeout: 180_000,
  },
});
