import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// graphql 16 ships CJS (main) and ESM (module). Node, and so every dependency (graphql-http,
// graphql-tools), loads the CJS build; Vite would give our sources the ESM one, and graphql refuses
// a schema from "another module or realm". One copy for all: the one Node loads.
const graphqlCjs = createRequire(import.meta.url).resolve('graphql');

// EventStoreDB cannot run on the build machines: its suite is included only when its address is
// configured, so a plain run has no skipped tests. The Temporal suites (*.temporal.test.ts) run in
// `npm run test:temporal` (vitest.temporal.config.ts), which starts a real Temporal server.
const conditional = process.env.EVENTSTOREDB_URL ? ['{infra,tests}/**/*.esdb.test.ts'] : [];

export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlCjs }] },
  test: {
    include: ['{domain,infra,projections,api,workflows,web,tests}/**/*.{unit,int,e2e}.test.{ts,tsx}', ...conditional],
    exclude: ['**/node_modules/**', '**/dist/**', '.data/**'],
    globalSetup: ['tests/setup/global.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: integration files each get their own database, so a little parallelism is safe.
    maxWorkers: 2,
  },
});
