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

function isSensitive(key: string): boolean {
  const words = keyWords(key);
  return words.some((w) => SENSITIVE_WORDS.has(w)) || (words.includes('key') && (words.includes('api') || words.includes('private')));
}

export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isSensitive(k) ? REDACTED : redact(v)]));
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
