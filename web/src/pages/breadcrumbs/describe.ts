/**
 * How a breadcrumb reads in the interface language: a catalogue label per event type (an edit
 * that sets a name reads as a rename) and the changed values worth showing, flattened to
 * `field: value` pairs. The server's English summary is the fallback for unknown event types.
 * Every event type and stream category of domain/registry.ts has a label here; describe.unit.test.ts
 * keeps a hand-written list of them (web/ may not import the server's), to be updated with it.
 */
import type { MessageId } from '../../i18n/en';

const EVENT_LABELS: Record<string, MessageId> = {
  EcosystemCreated: 'breadcrumbs.event.EcosystemCreated',
  EcosystemEdited: 'breadcrumbs.event.EcosystemEdited',
  EcosystemArchived: 'breadcrumbs.event.EcosystemArchived',
  EcosystemUnarchived: 'breadcrumbs.event.EcosystemUnarchived',
  EcosystemMigratedToProgram: 'breadcrumbs.event.EcosystemMigratedToProgram',
  ProgramCreated: 'breadcrumbs.event.ProgramCreated',
  ProgramEdited: 'breadcrumbs.event.ProgramEdited',
  ProgramArchived: 'breadcrumbs.event.ProgramArchived',
  ProgramUnarchived: 'breadcrumbs.event.ProgramUnarchived',
  ProgramDeleted: 'breadcrumbs.event.ProgramDeleted',
  BatchJobQueued: 'breadcrumbs.event.BatchJobQueued',
  BatchJobSubmitted: 'breadcrumbs.event.BatchJobSubmitted',
  BatchJobStarted: 'breadcrumbs.event.BatchJobStarted',
  BatchJobProgressed: 'breadcrumbs.event.BatchJobProgressed',
  BatchJobFinished: 'breadcrumbs.event.BatchJobFinished',
  BatchJobFailed: 'breadcrumbs.event.BatchJobFailed',
  BatchJobCancelled: 'breadcrumbs.event.BatchJobCancelled',
  DemoDataCreationBegan: 'breadcrumbs.event.DemoDataCreationBegan',
  DemoDataItemAdded: 'breadcrumbs.event.DemoDataItemAdded',
  DemoDataCreated: 'breadcrumbs.event.DemoDataCreated',
  DemoDataCreationAbandoned: 'breadcrumbs.event.DemoDataCreationAbandoned',
  DemoDataDeletionBegan: 'breadcrumbs.event.DemoDataDeletionBegan',
  DemoDataItemRemoved: 'breadcrumbs.event.DemoDataItemRemoved',
  DemoDataDeleted: 'breadcrumbs.event.DemoDataDeleted',
  DemoDataDeletionAbandoned: 'breadcrumbs.event.DemoDataDeletionAbandoned',
  EcosystemProfileIdClaimed: 'breadcrumbs.event.EcosystemProfileIdClaimed',
  EcosystemProfileIdReleased: 'breadcrumbs.event.EcosystemProfileIdReleased',
  PlatformEcosystemConfigUpdated: 'breadcrumbs.event.PlatformEcosystemConfigUpdated',
  UserRegistered: 'breadcrumbs.event.UserRegistered',
  EcosystemRoleGranted: 'breadcrumbs.event.EcosystemRoleGranted',
  EcosystemRoleRevoked: 'breadcrumbs.event.EcosystemRoleRevoked',
  UserPasswordChanged: 'breadcrumbs.event.UserPasswordChanged',
  UserEmailReserved: 'breadcrumbs.event.UserEmailReserved',
  FeatureFlagChanged: 'breadcrumbs.event.FeatureFlagChanged',
};

const TARGET_LABELS: Record<string, MessageId> = {
  ecosystem: 'breadcrumbs.target.ecosystem',
  program: 'breadcrumbs.target.program',
  batchjob: 'breadcrumbs.target.batchjob',
  demodata: 'breadcrumbs.target.demodata',
  ecosystemprofile: 'breadcrumbs.target.ecosystemprofile',
  platformconfig: 'breadcrumbs.target.platformconfig',
  user: 'breadcrumbs.target.user',
  useremail: 'breadcrumbs.target.useremail',
  featureflags: 'breadcrumbs.target.featureflags',
};

/** Envelope keys the events carry around the values that changed. */
const WRAPPERS = new Set(['details', 'changes']);
const FIRST = ['name', 'shortName'];
export const MAX_CHANGES = 4;

export type ChangeValue = string | number | boolean | null;

export function eventLabel(eventType: string, changes: unknown): MessageId | null {
  if (eventType === 'ProgramEdited' && flatten(changes).some(([key]) => key === 'name')) return 'breadcrumbs.event.ProgramRenamed';
  if (eventType === 'EcosystemEdited' && flatten(changes).some(([key]) => key === 'name')) return 'breadcrumbs.event.EcosystemRenamed';
  return EVENT_LABELS[eventType] ?? null;
}

export function targetLabel(targetType: string): MessageId | null {
  return TARGET_LABELS[targetType] ?? null;
}

/** Scalar values by dotted path, ids left out, names first. */
export function changedValues(changes: unknown): Array<[string, ChangeValue]> {
  const entries = flatten(changes);
  const rank = (key: string) => (FIRST.includes(key) ? FIRST.indexOf(key) : FIRST.length);
  return entries.sort(([a], [b]) => rank(a) - rank(b));
}

function flatten(value: unknown, prefix = ''): Array<[string, ChangeValue]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const entries: Array<[string, ChangeValue]> = [];
  for (const [key, child] of Object.entries(value)) {
    if (/(^id$|Id$)/.test(key)) continue;
    const path = WRAPPERS.has(key) && prefix === '' ? '' : prefix ? `${prefix}.${key}` : key;
    if (child === null || ['string', 'number', 'boolean'].includes(typeof child)) {
      if (path) entries.push([path, child as ChangeValue]);
    } else if (!Array.isArray(child)) {
      entries.push(...flatten(child, path));
    }
  }
  return entries;
}
