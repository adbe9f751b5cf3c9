/**
 * Configuration comes from environment variables only, validated once at start-up so that a
 * mistake is reported as one readable list instead of a crash deep inside a request.
 */
import path from 'node:path';
import { z } from 'zod';
import { parseSmsUrl } from './sms/twilio';

/** The checkout's own `.data`, wherever the command is run from (decision 0010). */
export const DEFAULT_DATA_DIR = path.resolve(import.meta.dirname, '..', '.data');

const optionalUrl = z.string().url().optional();

function isSmsUrl(value: string): boolean {
  try {
    parseSmsUrl(value);
    return true;
  } catch {
    return false;
  }
}

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
  TEMPORAL_WORKER: z.enum(['on', 'off']).default('on')
    .describe('with TEMPORAL_ADDRESS: "off" runs the API without its in-process worker (workers run as `npm run worker`)'),
  STALLED_JOB_REAPER_CRON: z.string().trim()
    .regex(/^(off|\S+(\s+\S+){4})$/, { error: 'Use a five-field cron expression (minute hour day month weekday, UTC) or "off".' })
    .default('*/10 * * * *')
    .describe('when the stalled-job reaper runs (UTC); "off" removes its schedule'),
  SCHEDULED_REPORTS_CRON: z.string().trim()
    .regex(/^(off|\S+(\s+\S+){4})$/, { error: 'Use a five-field cron expression (minute hour day month weekday, UTC) or "off".' })
    .default('*/15 * * * *')
    .describe('when the scheduled reports\' tick looks for reports due (UTC; every 15 minutes meets every zone\'s whole hours); "off" stops them'),
  WEEKLY_PARENT_REPORTS_CRON: z.string().trim()
    .regex(/^(off|\S+(\s+\S+){4})$/, { error: 'Use a five-field cron expression (minute hour day month weekday, UTC) or "off".' })
    .default('*/15 * * * *')
    .describe('when the weekly parent reports\' tick looks for guardians due (UTC; each gets theirs on Saturday at 09:00 in their own zone); "off" stops them'),
  // Session timers (decision 0074).
  SESSION_TIMERS_CRON: z.string().trim()
    .regex(/^(off|\S+(\s+\S+){4})$/, { error: 'Use a five-field cron expression (minute hour day month weekday, UTC) or "off".' })
    .default('* * * * *')
    .describe('when the session timers\' tick sends the reminders and records the completions due (UTC); "off" stops them'),
  SESSION_REMINDER_OFFSETS: z.string().trim()
    .regex(/^(off|\d{1,5}(\s*,\s*\d{1,5})*)$/, { error: 'Use minutes before the start, separated by commas (1440,60), or "off".' })
    .default('1440,60')
    .describe('when session reminders go out, in minutes before the start (default 24 hours and 1 hour); "off" sends none'),
  JWT_SECRET: z.string().min(32).optional().describe('HMAC key for access tokens; generated into .data/ when unset'),
  MFA_SECRET_KEY: z.string().min(32).optional().describe('Key that seals second-factor secrets; generated into DATA_DIR when unset (every API replica needs the same one)'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(14)
    .describe('idle lifetime of a session: each refresh token expires this long after it was issued'),
  REFRESH_SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30)
    .describe('absolute lifetime of a session from its log-in, however often it is refreshed'),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(10)
    .describe('how long a refresh token that was just exchanged may be exchanged again (two tabs) before it counts as reuse'),
  AUTH_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30)
    .describe('how long ended sessions are kept before the purge deletes them'),
  // Invitations (docs/decisions/0040).
  INVITE_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(168).describe('how long an invite link works after it is sent'),
  LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: z.coerce.number().int().min(1).max(1000).default(10)
    .describe('failed log-ins for one e-mail from one address in 15 minutes'),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(100000).default(50)
    .describe('failed log-ins for one e-mail from addresses it never logged in from, in an hour'),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100000).default(100)
    .describe('failed log-ins from one address for e-mails it never logged in to, in an hour'),
  LOGIN_MAX_FAILURES_GLOBAL: z.coerce.number().int().min(1).max(10000000).default(1000)
    .describe('failed log-ins platform-wide in a minute before only known addresses may try'),
  LOGIN_MAX_CONCURRENT_HASHES: z.coerce.number().int().min(1).max(64).default(2)
    .describe('password verifications (argon2id) running at once in this process'),
  LOGIN_MAX_QUEUED_HASHES: z.coerce.number().int().min(0).max(10000).default(100)
    .describe('log-ins waiting for a verification slot before more are refused as busy'),
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
  // Pools (docs/decisions/0025): a GraphQL request holds at most one app_api connection, its read transaction.
  DATABASE_POOL_API_MAX: z.coerce.number().int().min(2).max(1000).default(20)
    .describe('app_api connections: requests reading at once (one each) and the auth routes; more wait for one'),
  DATABASE_POOL_OWNER_MAX: z.coerce.number().int().min(4).max(1000).default(16)
    .describe('owner connections: command appends, projection workers (one each plus two held for leases and wake-ups), job reads'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional()
    .describe('serves GET /metrics (Prometheus text: pool waits, queries) on this port of METRICS_HOST; off when unset, 0 picks a free port'),
  METRICS_HOST: z.string().default('127.0.0.1').describe('address of the metrics listener; loopback by default, never the public one by accident'),
  // HTTP-layer limits per client address (the one TRUST_PROXY believes), per minute; 0 turns one off.
  RATE_LIMIT_GRAPHQL: z.coerce.number().int().min(0).default(1200).describe('requests per minute per client address to /graphql'),
  RATE_LIMIT_AUTH: z.coerce.number().int().min(0).default(60).describe('requests per minute per client address to /refresh-tokens, and to /logout'),
  RATE_LIMIT_FEATURE_FLAGS: z.coerce.number().int().min(0).default(60).describe('connections per minute per client address to /feature-flags'),
  FEATURE_FLAG_STREAMS_PER_USER: z.coerce.number().int().min(1).default(10).describe('open /feature-flags streams per signed-in user'),
  FEATURE_FLAG_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(50).describe('open anonymous /feature-flags streams per client address'),
  FEATURE_FLAG_HEARTBEAT_MS: z.coerce.number().int().min(10).max(300000).default(25000).describe('comment line interval on /feature-flags streams'),
  // In-app notifications' live stream (docs/decisions/0073).
  RATE_LIMIT_NOTIFICATION_STREAMS: z.coerce.number().int().min(0).default(60).describe('connections per minute per client address to /notifications/stream'),
  NOTIFICATION_STREAMS_PER_USER: z.coerce.number().int().min(1).default(10).describe('open /notifications/stream streams per signed-in user'),
  NOTIFICATION_STREAM_HEARTBEAT_MS: z.coerce.number().int().min(10).max(300000).default(25000)
    .describe('comment line interval on /notifications/stream; each heartbeat also checks the access token, ending the stream once it expired or was revoked'),
  // Messages (docs/decisions/0036): a channel without its URL keeps its messages in the outbox. Errors never echo the URLs (credentials).
  SMTP_URL: z.string().regex(/^smtps?:\/\/\S+$/, { error: 'Use smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465 (TLS).' }).optional()
    .describe('e-mail through this SMTP server (nodemailer); outbox only when unset'),
  MAIL_FROM: z.string().min(3).default('Tutoring Platform <no-reply@localhost>').describe('the From header of e-mail'),
  SMS_URL: z.string().refine(isSmsUrl, { error: 'Use twilio://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com?from=%2B15550001111.' }).optional()
    .describe('text messages through Twilio; outbox only when unset'),
  // Bounces (docs/decisions/0077): POST /webhooks/mail-bounces answers 404 unless this is set; Twilio's status callback is signed with SMS_URL's token.
  MAIL_BOUNCE_WEBHOOK_SECRET: z.string().min(16, { error: 'Use at least 16 characters (openssl rand -hex 32).' }).optional()
    .describe('bearer secret of POST /webhooks/mail-bounces, where a relay or a DSN-reading script reports bounced e-mail; the endpoint answers 404 when unset'),
  RATE_LIMIT_WEBHOOKS: z.coerce.number().int().min(0).default(600).describe('requests per minute per client address to /webhooks/mail-bounces and /webhooks/twilio-status'),
  // One-time links in e-mail (docs/decisions/0042) are built from this, never from a request's Host header;
  // single sign-on (0047) falls back to the request when it is unset.
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional().describe('the address people open the web app at (https://tutoring.example.org): links in e-mail and single sign-on return addresses are built from it; when unset, http://localhost:PORT for e-mail and the request for single sign-on'),
  // File storage (docs/decisions/0051): DATA_DIR/files unless a bucket is named. Errors never echo the keys.
  S3_BUCKET: z.string().min(3).optional().describe('profile pictures and other files in this S3-compatible bucket; DATA_DIR/files when unset'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalUrl.describe('an S3-compatible server (MinIO, R2...); AWS S3 when unset'),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false').describe('"true" for servers without bucket sub-domains (MinIO)'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  RATE_LIMIT_UPLOADS: z.coerce.number().int().min(0).default(30).describe('requests per minute per client address to /uploads/profile-picture (each decodes an image)'),
  PICTURE_MAX_BYTES: z.coerce.number().int().min(10_000).max(50_000_000).default(8_000_000).describe('largest picture upload accepted'),
  // Meeting rooms (docs/decisions/0058): the providers' addresses; credentials are per ecosystem, set by its admins.
  LESSONSPACE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.thelessonspace.com').describe('the Lessonspace API (Launch endpoint under /v2/)'),
  ZOOM_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.zoom.us').describe('the Zoom REST API (meetings under /v2/)'),
  ZOOM_OAUTH_URL: z.url({ protocol: /^https?$/ }).default('https://zoom.us').describe('where Zoom issues server-to-server OAuth tokens (/oauth/token)'),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/**
 * The web app's address of `path` (which starts with a slash) for links in messages: from
 * PUBLIC_URL, a path prefix in it kept, never from a request's Host header; http://localhost:PORT
 * when unset.
 */
export function publicUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, path: string): string {
  return `${(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '')}${path}`;
}

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
