/**
 * The list of common and leaked passwords the policy refuses (docs/decisions/0038): the
 * `passwords` dictionary of @zxcvbn-ts/language-common, drawn from published breach corpora and
 * ranked by use. Loaded on first use into a Set of lower-case entries.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

let common: ReadonlySet<string> | null = null;

function list(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

/** Whether `lower` (already lower-case) is on the list. */
export function isCommonPassword(lower: string): boolean {
  return list().has(lower);
}

/** How many entries the list has (for tests and the decision record). */
export function commonPasswordCount(): number {
  return list().size;
}
