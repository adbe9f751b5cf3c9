/**
 * A breadcrumb in the reader's words, shared by the page and the CSV export: who (a person and the
 * role they acted in; the platform itself for SYSTEM), what, on what, and the values it set.
 */
import type { AuditTranslate as Translate } from './AuditWords';
import { changedValues, eventLabel, fieldLabels, jobLabel, roleLabel, targetLabel, type ChangeValue } from './describe';

export interface CrumbFields {
  eventType: string;
  summary: string;
  actorName: string | null | undefined;
  actorRole: string;
  targetType: string;
  targetName: string | null | undefined;
  changes: unknown;
}

export interface CrumbWords {
  actor: string;
  role: string;
  action: string;
  targetKind: string;
  target: string | null;
  details: Array<{ field: string; value: string }>;
}

export function valueWords(value: ChangeValue, t: Translate, path = ''): string {
  if (value === null) return '—';
  if (path === 'role' && typeof value === 'string') return t(roleLabel(value));
  const job = path === 'jobName' && typeof value === 'string' ? jobLabel(value) : null;
  if (job) return t(job);
  if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
  if (typeof value === 'object') return t('breadcrumbs.entries', { count: value.entries });
  return String(value);
}

export function fieldWords(path: string, t: Translate): string {
  const ids = fieldLabels(path);
  return ids ? ids.map((id) => t(id)).join(' › ') : path;
}

export function actorWords(actorName: string | null | undefined, actorRole: string, t: Translate): string {
  if (actorRole === 'SYSTEM') return t('breadcrumbs.system');
  return actorName ?? t('breadcrumbs.unknownActor');
}

export function wordsOf(crumb: CrumbFields, t: Translate): CrumbWords {
  const action = eventLabel(crumb.eventType, crumb.changes);
  const kind = targetLabel(crumb.targetType);
  return {
    actor: actorWords(crumb.actorName, crumb.actorRole, t),
    role: t(roleLabel(crumb.actorRole)),
    action: action ? t(action) : crumb.summary,
    targetKind: kind ? t(kind) : crumb.targetType,
    target: crumb.targetName ?? null,
    details: changedValues(crumb.changes).map(([path, value]) => ({ field: fieldWords(path, t), value: valueWords(value, t, path) })),
  };
}
