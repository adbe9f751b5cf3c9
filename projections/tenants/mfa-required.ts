/**
 * Whether any of these ecosystems requires multi-factor log-in (its MFAEnabled setting), for the
 * log-in step (docs/decisions/0039). Archived ecosystems require nothing: nobody works in them.
 * Run in a transaction scoped to exactly these ecosystems, so it reads nothing else.
 */
import type { Queryable } from '../../infra/db/pool';

export async function anyRequiresMfa(db: Queryable, ecosystemIds: readonly string[]): Promise<boolean> {
  if (ecosystemIds.length === 0) return false;
  const r = await db.query<{ required: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM read.ecosystems
                     WHERE id = ANY($1::uuid[]) AND NOT archived AND (details->>'MFAEnabled')::boolean) AS required`,
    [ecosystemIds]);
  return r.rows[0]?.required ?? false;
}
