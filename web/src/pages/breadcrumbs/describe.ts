/**
 * How a breadcrumb reads in the interface language: a catalogue label per event type (an edit
 * that sets a name reads as a rename), per job run and outcome, per kind of target and per role,
 * and the changed values worth showing, flattened to `field: value` pairs whose field names are
 * labelled part by part, and values from fixed lists in words. The server's English summary is the fallback for an unknown event type.
 * tests/audit-labels.unit.test.ts checks every event type, target and field of the server.
 */
import { isAuditMessageId, type AuditMessageId } from './i18n/catalogue';

function known(id: string): AuditMessageId | null {
  return isAuditMessageId(id) ? id : null;
}

export function eventLabel(eventType: string, changes: unknown): AuditMessageId | null {
  const renames = flatten(changes).some(([key]) => key === 'name');
  if (eventType === 'ProgramEdited' && renames) return 'breadcrumbs.event.ProgramRenamed';
  if (eventType === 'EcosystemEdited' && renames) return 'breadcrumbs.event.EcosystemRenamed';
  return known(`breadcrumbs.event.${eventType}`);
}

/** "Demo data created": the job and how its run ended (or where it is). */
export function runLabel(run: { jobName: string; status: string }): AuditMessageId {
  return known(`breadcrumbs.run.${run.jobName}.${run.status}`) ?? 'breadcrumbs.run.other';
}

export function targetLabel(targetType: string): AuditMessageId | null {
  return known(`breadcrumbs.target.${targetType}`);
}

/** "Create demo data": a batch job's name (a BatchJobQueued's `jobName`) in words. */
export function jobLabel(jobName: string): AuditMessageId | null {
  return known(`breadcrumbs.job.${jobName}`);
}

export function roleLabel(role: string): AuditMessageId {
  return known(`breadcrumbs.role.${role}`) ?? 'breadcrumbs.role.UNKNOWN';
}

/** Fields whose values come from a list shared with other fields (values.en.ts); the rest read from their own. */
const LISTS: Record<string, string> = {
  recipientTypes: 'participant', notificationTypes: 'channel', sessionCapabilities: 'sessionType',
  enabledVendors: 'vendor', supportedLanguages: 'language', subjectCategories: 'subject',
  provider: 'vendor', userType: 'participant',
};

/**
 * A value the events take from a fixed list (a kind of ecosystem, of organisation, of demo item,
 * a role, a job) in words: `breadcrumbs.value.<field>.<VALUE>` by the path's last part, so
 * `type` ECOSYSTEM reads "Ecosystem" wherever an ecosystem's kind is set. Null for free text.
 */
export function valueLabel(path: string, value: string): AuditMessageId | null {
  const field = path.slice(path.lastIndexOf('.') + 1);
  if (field === 'role' || field === 'supportedRoles') return known(`breadcrumbs.role.${value}`);
  if (field === 'jobName') return jobLabel(value);
  const list = /ProfileTypes$/.test(field) ? 'profileType' : Object.hasOwn(LISTS, field) ? LISTS[field] : field;
  return known(`breadcrumbs.value.${list}.${value}`);
}

/** The labels of a field path's parts (`sessionSettings.tutorHoursLimitConfig.isEnabled`), or null when one is unknown. */
export function fieldLabels(path: string): AuditMessageId[] | null {
  const ids = path.split('.').map((part) => known(`breadcrumbs.field.${part}`));
  return ids.every((id): id is AuditMessageId => id !== null) ? ids : null;
}

export type ChangeScalar = string | number | boolean | null;

/** A changed value: a scalar, a list of scalars, or the size of a list of records. */
export type ChangeValue = ChangeScalar | ChangeScalar[] | { entries: number };

/** Envelope keys the events carry around the values that changed. */
const WRAPPERS = new Set(['details', 'changes']);
const FIRST = ['name', 'shortName'];
export const MAX_CHANGES = 4;

/** Values by dotted path, ids left out, names first. */
export function changedValues(changes: unknown): Array<[string, ChangeValue]> {
  const rank = (key: string) => (FIRST.includes(key) ? FIRST.indexOf(key) : FIRST.length);
  return flatten(changes).sort(([a], [b]) => rank(a) - rank(b));
}

function isScalar(value: unknown): value is ChangeScalar {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function listValue(list: unknown[]): ChangeValue {
  return list.every(isScalar) ? list : { entries: list.length };
}

function flatten(value: unknown, prefix = ''): Array<[string, ChangeValue]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const entries: Array<[string, ChangeValue]> = [];
  for (const [key, child] of Object.entries(value)) {
    if (/(^id$|Ids?$)/.test(key) || child === undefined) continue;
    const path = WRAPPERS.has(key) && prefix === '' ? '' : prefix ? `${prefix}.${key}` : key;
    if (isScalar(child)) {
      if (path) entries.push([path, child]);
    } else if (Array.isArray(child)) {
      if (path) entries.push([path, listValue(child)]);
    } else {
      entries.push(...flatten(child, path));
    }
  }
  return entries;
}
