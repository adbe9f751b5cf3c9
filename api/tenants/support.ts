/**
 * Small pieces the tenant resolvers share: field-error prefixes, page cursors, the review-app
 * secret check, and the deterministic ids that make migrateEcosystemToProgram safe to repeat.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import { z } from 'zod';
import { ForbiddenError, ValidationError } from '../../domain/shared/errors';
import type { NameKey } from '../../projections/tenants/queries';
import type { RequestContext } from '../context';
import { decodeCursor, keysetConnection, type Connection, type ConnectionArgs } from '../relay';
import { apiMessages } from '../i18n/messages';
import { commonMessages } from '../../domain/shared/messages';
import type { Message } from '../../domain/shared/i18n';

/** Runs `fn`, naming validation failures after the GraphQL argument they came from (`ecosystemInput.name`). */
export async function withFieldPrefix<T>(prefix: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const fields = Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k === '_' ? prefix : `${prefix}.${k}`, v]));
    throw new ValidationError(err.userMessage, fields);
  }
}

export function invalidArgument(field: string, message: Message): ValidationError {
  return ValidationError.forField(field, message);
}

const nameKey = z.tuple([z.string(), z.uuid()]);

/** A keyset page over rows ordered by (sortKey, id); a cursor that is not ours is bad input, not page one. */
export async function namePage<T extends { sortKey: string }>(
  args: ConnectionArgs,
  fetch: (limit: number, after: NameKey | null) => Promise<T[]>,
  idOfRow: (row: T) => string,
): Promise<Connection<T>> {
  let after: NameKey | null = null;
  if (args.after) {
    const parsed = nameKey.safeParse(decodeCursor(args.after));
    if (!parsed.success) throw invalidArgument('after', commonMessages.invalidCursor);
    after = parsed.data;
  }
  return keysetConnection(args, (row) => [row.sortKey, idOfRow(row)], (limit) => fetch(limit, after));
}

/** `rows` in the order of `ids`, null where a row is missing (not found or not visible). */
export function inOrder<T>(ids: readonly string[], rows: readonly T[], idOfRow: (row: T) => string): Array<T | null> {
  const byId = new Map(rows.map((r) => [idOfRow(r), r]));
  return ids.map((id) => byId.get(id) ?? null);
}

/**
 * reviewAppSearchEcosystems is for review apps choosing a tenant before log-in. The header must
 * match REVIEW_APP_SECRET; both sides are hashed first so the comparison takes the same time
 * whatever the lengths, and an unset secret opens nothing.
 */
export function requireReviewAppSecret(ctx: Pick<RequestContext, 'headers' | 'services'>): void {
  const expected = ctx.services.config.REVIEW_APP_SECRET;
  const given = ctx.headers.reviewAppSecret;
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  if (!expected || !given || !timingSafeEqual(digest(expected), digest(given))) {
    throw new ForbiddenError(apiMessages.reviewAppSecretRequired);
  }
}

/** Fixed namespace for ids derived from an ecosystem id (uuid v5). */
const MIGRATION_NAMESPACE = '5a1f4c2e-8b3d-4e6f-9a7c-0d2e4f6a8b1c';

/**
 * Migration ids follow from the ecosystem id: the program id, and one command id per command, so
 * that asking twice (or retrying after a failure between the two commands) replays rather than
 * creating a second program.
 */
export function migrationIds(ecosystemId: string): { programId: string; migrateCommandId: string; createCommandId: string } {
  return {
    programId: uuidv5(`program/${ecosystemId}`, MIGRATION_NAMESPACE),
    migrateCommandId: uuidv5(`migrate-command/${ecosystemId}`, MIGRATION_NAMESPACE),
    createCommandId: uuidv5(`create-program-command/${ecosystemId}`, MIGRATION_NAMESPACE),
  };
}
