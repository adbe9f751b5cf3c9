/**
 * How a thing acted on reads in the Item filter. Most things have a name in the trail (a program,
 * an ecosystem, a person); the others are named from what the trail knows of them: a background
 * job by its job in words and when it was queued, the demo-data ledger as "Demo data", an e-mail
 * reservation by its address, a singleton (feature flags, platform defaults) by its kind. A raw id
 * shows only for a thing the trail cannot name otherwise.
 */
import { formatAuditTime } from './time';
import { valueWords, type Reader } from './words';

export interface TargetRef {
  targetType: string;
  targetId: string;
  name: string | null | undefined;
}

/** An event that names its target: a job's BatchJobQueued, an e-mail's UserEmailReserved. */
export interface NamingEvent {
  targetType: string;
  targetId: string;
  occurredAt: string;
  changes: unknown;
}

export interface TargetNames {
  jobs: ReadonlyMap<string, { jobName: string; queuedAt: string }>;
  emails: ReadonlyMap<string, string>;
}

/** The kinds whose names come from such events (useTargetOptions.ts reads them when the list may hold one). */
export const NAMED_BY_EVENTS = new Set(['batchjob', 'useremail']);

const SINGLETONS = new Set(['demodata', 'featureflags', 'platformconfig']);

function field(changes: unknown, key: string): string | null {
  if (typeof changes !== 'object' || changes === null) return null;
  const value = (changes as Record<string, unknown>)[key];
  return typeof value === 'string' && value ? value : null;
}

export function targetNames(events: readonly NamingEvent[]): TargetNames {
  const jobs = new Map<string, { jobName: string; queuedAt: string }>();
  const emails = new Map<string, string>();
  for (const event of events) {
    const jobName = event.targetType === 'batchjob' ? field(event.changes, 'jobName') : null;
    if (jobName) jobs.set(event.targetId, { jobName, queuedAt: event.occurredAt });
    const email = event.targetType === 'useremail' ? field(event.changes, 'email') : null;
    if (email) emails.set(event.targetId, email);
  }
  return { jobs, emails };
}

export const NO_NAMES: TargetNames = { jobs: new Map(), emails: new Map() };

/** `kind` is the kind of thing in words ("Program"). */
export function targetOptionLabel(target: TargetRef, names: TargetNames, reader: Reader, kind: string): string {
  if (target.name) return `${target.name} · ${kind}`;
  // One demo-data ledger per ecosystem (and one set of flags and defaults): the kind names it.
  if (SINGLETONS.has(target.targetType)) return kind;
  const job = target.targetType === 'batchjob' ? names.jobs.get(target.targetId) : undefined;
  if (job) return `${valueWords(job.jobName, reader, 'jobName')} · ${formatAuditTime(job.queuedAt, reader.localeTag, reader.zone)}`;
  const email = target.targetType === 'useremail' ? names.emails.get(target.targetId) : undefined;
  if (email) return `${email} · ${kind}`;
  return `${target.targetId} · ${kind}`;
}
