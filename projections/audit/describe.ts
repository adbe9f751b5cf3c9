/**
 * How an event reads in the audit trail. Domain areas register a describer per event type for a
 * nicer sentence; every other event gets the generic one. Describers must be pure functions of the
 * event: a rebuild runs them again and must produce the same rows (change one, bump the audit
 * projection's version so that old rows are redescribed too).
 */
import { streamCategory, type RecordedEvent } from '../../domain/shared/events';

export interface BreadcrumbDescription {
  /** One English sentence, e.g. "Renamed program Algebra to Algebra I". */
  summary: string;
  /** The fields the event set; defaults to the event's data. Sensitive keys are redacted either way. */
  changes?: Record<string, unknown>;
  /** The target's name as of this event (a program's name when created or renamed), for the trail's filters. */
  targetName?: string;
}

export type BreadcrumbDescriber = (event: RecordedEvent) => string | BreadcrumbDescription;

const describers = new Map<string, BreadcrumbDescriber>();

export function registerBreadcrumbDescriber(type: string, describe: BreadcrumbDescriber): void {
  const existing = describers.get(type);
  if (existing && existing !== describe) throw new Error(`a breadcrumb describer for ${type} is already registered`);
  describers.set(type, describe);
}

/** The stream category and id an event is about: `program-<uuid>` is program <uuid>. */
export function targetOf(event: RecordedEvent): { type: string; id: string } {
  const type = streamCategory(event.streamId);
  return { type, id: event.streamId.length > type.length ? event.streamId.slice(type.length + 1) : '' };
}

export function genericSummary(event: RecordedEvent): string {
  const target = targetOf(event);
  return `${event.type} on ${target.type}${target.id ? ` ${target.id}` : ''}`;
}

// Credentials never belong in a trail that admins and analysts read, whatever an event carries.
const SENSITIVE_WORDS = new Set(['password', 'passwd', 'passphrase', 'secret', 'token', 'hash', 'otp', 'totp', 'salt', 'pin', 'cvc', 'cvv']);
export const REDACTED = '[redacted]';

/** `refreshTokenHash` -> refresh, token, hash; `api_key` -> api, key. */
function keyWords(key: string): string[] {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

function judgeKey(key: string): boolean {
  const words = keyWords(key);
  return words.some((w) => SENSITIVE_WORDS.has(w)) || (words.includes('key') && (words.includes('api') || words.includes('private')));
}

// Events repeat a handful of field names, and a rebuild redacts every event's fields: judging each
// name once took about a sixth of the rebuild's JavaScript (docs/decisions/0031). Bounded, because
// names come from stored data: past the bound a name is judged afresh each time.
const judged = new Map<string, boolean>();
const JUDGED_MAX = 10_000;

function isSensitive(key: string): boolean {
  const known = judged.get(key);
  if (known !== undefined) return known;
  const sensitive = judgeKey(key);
  if (judged.size < JUDGED_MAX) judged.set(key, sensitive);
  return sensitive;
}

/**
 * `value` with every sensitive key's value replaced, at any depth. What holds nothing to redact is
 * returned as it is (not copied): the trail only serialises it, and most events hold no credentials.
 */
export function redact(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const v = redact(value[i]);
      if (v !== value[i]) (out ??= value.slice())[i] = v;
    }
    return out ?? value;
  }
  let out: Record<string, unknown> | null = null;
  for (const [k, v] of Object.entries(value)) {
    const r = isSensitive(k) ? REDACTED : redact(v);
    // defineProperty, not assignment: a key named __proto__ (JSON.parse makes it an own key) stays a key.
    if (r !== v) Object.defineProperty(out ??= { ...value }, k, { value: r, enumerable: true, writable: true, configurable: true });
  }
  return out ?? value;
}

function defaultChanges(data: unknown): Record<string, unknown> {
  if (data === null || data === undefined) return {};
  if (typeof data === 'object' && !Array.isArray(data)) return data as Record<string, unknown>;
  return { value: data };
}

export interface DescribedEvent {
  summary: string;
  changes: Record<string, unknown>;
  targetName: string | null;
  /** Why the event could not be read (decision 0016), or null when it was. */
  decodeError: string | null;
}

export function describeEvent(event: RecordedEvent): DescribedEvent {
  // The audit takes every event, so it must not stop at one it cannot read (decision 0016): it
  // records that event as unreadable, with its data as stored and the reason, and goes on.
  if (event.decodeError !== undefined) {
    return { summary: genericSummary(event), changes: redact(defaultChanges(event.data)) as Record<string, unknown>, targetName: null, decodeError: event.decodeError };
  }
  const describe = describers.get(event.type);
  const described = describe ? describe(event) : genericSummary(event);
  const { summary, changes, targetName } = typeof described === 'string' ? { summary: described, changes: undefined, targetName: undefined } : described;
  return { summary, changes: redact(changes ?? defaultChanges(event.data)) as Record<string, unknown>, targetName: targetName?.trim() || null, decodeError: null };
}
