/**
 * The one check of the ids the platform mints (aggregate ids, event ids, command ids): UUIDs in
 * their canonical text form, any version, as PostgreSQL's uuid type stores them. Input schemas use
 * zod's z.uuid(), which also checks the version and variant bits; this is for code that must tell
 * an id from anything else before it reaches SQL (row-level-security settings, global ids, logs).
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
