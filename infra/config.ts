/**
 * Configuration comes from environment variables only, validated once at start-up so that a
 * mistake is reported as one readable list instead of a crash deep inside a request.
 */
import path from 'node:path';
import { z } from 'zod';

/** The checkout's own `.data`, wherever the command is run from (decision 0010). */
export const DEFAULT_DATA_DIR = path.resolve(import.meta.dirname, '..', '.data');

const optionalUrl = z.string().url().optional();

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalUrl.describe('PostgreSQL owner connection; embedded PostgreSQL in .data/ when unset'),
  API_DATABASE_PASSWORD: z.string().min(12).optional()
    .describe('password of the app_api role the API connects as; generated into .data/ when unset'),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR)
    .describe('embedded database and secrets; a relative path is taken from the folder the command was run in'),
  EVENTSTOREDB_URL: z.string().startsWith('esdb').optional(),
  TEMPORAL_ADDRESS: z.string().optional(),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_TASK_QUEUE: z.string().default('tutoring-platform'),
  JWT_SECRET: z.string().min(32).optional().describe('HMAC key for access tokens; generated into .data/ when unset'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(30),
  REVIEW_APP_SECRET: z.string().optional(),
  PERSISTED_QUERIES: z.enum(['only', 'allow-raw']).optional()
    .describe('"only" accepts persisted query ids alone; defaults to only in production'),
  SEED_DEMO: z.enum(['true', 'false']).optional()
    .describe('seed the demo ecosystem and its admin (random password printed once); defaults to true only for the embedded database'),
  PLATFORM_ADMIN_EMAIL: z.email().default('platform.admin@demo.example.org')
    .describe('e-mail of the platform admin created on a new database (random password printed once)'),
  TRUST_PROXY: z.string().optional()
    .describe('proxy addresses whose X-Forwarded-For is believed (comma-separated, or "true" for any); none by default'),
  PROJECTION_WAIT_MS: z.coerce.number().int().min(0).max(60000).default(5000),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, DATA_DIR: resolveDataDir(parsed.data.DATA_DIR, env) };
}

/**
 * npm runs scripts in the package folder, whatever folder it was called from (`npm --prefix`); a
 * relative DATA_DIR means the folder the person typed the command in, which npm passes as INIT_CWD.
 */
export function resolveDataDir(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), dataDir);
}
