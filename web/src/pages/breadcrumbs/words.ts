/**
 * A breadcrumb in the reader's words, shared by the page and the CSV export: who (a person and the
 * role they acted in; the platform itself for SYSTEM; an operator by their login), what, on what,
 * and the values it set: values from a fixed list in words, instants like the When column (to the
 * second with the zone, in the viewer's zone and language), calendar days as days.
 */
import type { AuditTranslate as Translate } from './AuditWords';
import { changedValues, eventLabel, fieldLabels, roleLabel, targetLabel, valueLabel, type ChangeScalar, type ChangeValue } from './describe';
import { formatAuditDate, formatAuditTime } from './time';

/** How the reader reads: their catalogue, their language (BCP 47) and zone (the browser's when left out). */
export interface Reader {
  t: Translate;
  localeTag: string;
  zone?: string;
}

export interface CrumbFields {
  eventType: string;
  summary: string;
  actorUserId?: string | null;
  actorName: string | null | undefined;
  actorRole: string;
  targetType: string;
  targetName: string | null | undefined;
  changes: unknown;
  /** Why the platform could not read the event, or null (decision 0016). */
  unreadable?: string | null;
}

export interface CrumbWords {
  actor: string;
  role: string;
  action: string;
  targetKind: string;
  target: string | null;
  details: Array<{ field: string; value: string }>;
  /** A sentence saying the event could not be read and why, or null when it could. */
  unreadable: string | null;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function scalarWords(value: ChangeScalar, reader: Reader, path: string): string {
  const { t } = reader;
  if (value === null) return '—';
  if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
  if (typeof value === 'number') return String(value);
  const label = valueLabel(path, value);
  if (label) return t(label);
  if (INSTANT.test(value)) return formatAuditTime(value, reader.localeTag, reader.zone);
  if (CALENDAR_DAY.test(value)) return formatAuditDate(value, reader.localeTag);
  return value;
}

export function valueWords(value: ChangeValue, reader: Reader, path = ''): string {
  if (Array.isArray(value)) return value.map((item) => scalarWords(item, reader, path)).join(', ');
  if (typeof value === 'object' && value !== null) return reader.t('breadcrumbs.entries', { count: value.entries });
  return scalarWords(value, reader, path);
}

export function fieldWords(path: string, t: Translate): string {
  const ids = fieldLabels(path);
  return ids ? ids.map((id) => t(id)).join(' › ') : path;
}

/** `npm run projections -- skip` acts as `operator:<login>`. */
const OPERATOR_PREFIX = 'operator:';

export function actorWords(actor: { userId?: string | null; name: string | null | undefined; role: string }, t: Translate): string {
  if (actor.role === 'SYSTEM') return t('breadcrumbs.system');
  if (actor.name) return actor.name;
  if (actor.userId?.startsWith(OPERATOR_PREFIX) && actor.userId.length > OPERATOR_PREFIX.length) {
    return t('breadcrumbs.operator', { login: actor.userId.slice(OPERATOR_PREFIX.length) });
  }
  return t('breadcrumbs.unknownActor');
}

export function wordsOf(crumb: CrumbFields, reader: Reader): CrumbWords {
  const { t } = reader;
  const action = eventLabel(crumb.eventType, crumb.changes);
  const kind = targetLabel(crumb.targetType);
  return {
    actor: actorWords({ userId: crumb.actorUserId, name: crumb.actorName, role: crumb.actorRole }, t),
    role: t(roleLabel(crumb.actorRole)),
    action: action ? t(action) : crumb.summary,
    targetKind: kind ? t(kind) : crumb.targetType,
    target: crumb.targetName ?? null,
    details: changedValues(crumb.changes).map(([path, value]) => ({ field: fieldWords(path, t), value: valueWords(value, reader, path) })),
    unreadable: crumb.unreadable ? t('breadcrumbs.unreadable', { reason: crumb.unreadable }) : null,
  };
}
