import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{domain,infra,projections,api,workflows,web,tests}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**', '.data/**'],
    globalSetup: ['tests/setup/global.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: integration files each get their own database, so a little parallelism is safe.
    maxWorkers: 2,
  },
});
