/**
 * Edits are deep patches: nested groups merge field by field, while lists and scalars are replaced
 * whole. An edit event records only what changed (the diff), which keeps the audit trail readable
 * and makes re-applying an event harmless: merging the same diff twice gives the same state.
 */

export type DeepPartial<T> = T extends ReadonlyArray<unknown>
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `undefined` in the patch means "keep"; `null` is a value (it clears an optional field). */
export function mergePatch(base: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch) || !isPlainObject(base)) return patch === undefined ? base : patch;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    out[key] = mergePatch(base[key], value);
  }
  return out;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => deepEqual(a[k], b[k]));
  }
  return false;
}

/** The smallest patch that turns `before` into `after` under `mergePatch`; {} when equal. */
export function diff(before: unknown, after: unknown): Record<string, unknown> {
  if (!isPlainObject(before) || !isPlainObject(after)) return {};
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    const old = before[key];
    if (deepEqual(old, value)) continue;
    changes[key] = isPlainObject(old) && isPlainObject(value) ? diff(old, value) : value;
  }
  return changes;
}

export function isEmptyPatch(patch: Record<string, unknown>): boolean {
  return Object.keys(patch).length === 0;
}

/** Typed `mergePatch` for values that were validated when the patch was decided. */
export function applyPatch<T>(base: T, patch: DeepPartial<T>): T {
  return mergePatch(base, patch) as T;
}
