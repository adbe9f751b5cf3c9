/**
 * Configuration comes from environment variables only, validated once at start-up so that a
 * mistake is reported as one readable list instead of a crash deep inside a request.
 */
import { z } from 'zod';

const optionalUrl = z.string().url().optional();

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalUrl.describe('PostgreSQL owner connection; embedded PostgreSQL in .data/ when unset'),
  API_DATABASE_PASSWORD: z.string().min(12).optional()
    .describe('password of the app_api role the API connects as; generated into .data/ when unset'),
  DATA_DIR: z.string().default('.data'),
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
    .describe('seed the demo log-ins; defaults to true only for the embedded database (no DATABASE_URL)'),
  TRUST_PROXY: z.string().optional()
    .describe('proxy addresses whose X-Forwarded-For is believed (comma-separated, or "true" for any); none by default'),
  PROJECTION_WAIT_MS: z.coerce.number().int().min(0).max(60000).default(5000),
  // HTTP-layer limits per client address (the one TRUST_PROXY believes), per minute; 0 turns one off.
  RATE_LIMIT_GRAPHQL: z.coerce.number().int().min(0).default(1200).describe('requests per minute per client address to /graphql'),
  RATE_LIMIT_AUTH: z.coerce.number().int().min(0).default(60).describe('requests per minute per client address to /refresh-tokens, and to /logout'),
  RATE_LIMIT_FEATURE_FLAGS: z.coerce.number().int().min(0).default(60).describe('connections per minute per client address to /feature-flags'),
  FEATURE_FLAG_STREAMS_PER_USER: z.coerce.number().int().min(1).default(10).describe('open /feature-flags streams per signed-in user'),
  FEATURE_FLAG_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(50).describe('open anonymous /feature-flags streams per client address'),
  FEATURE_FLAG_HEARTBEAT_MS: z.coerce.number().int().min(10).max(300000).default(25000).describe('comment line interval on /feature-flags streams'),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
