/**
 * How tenant events read in the audit trail (projections/audit). Pure functions of the event, so
 * a rebuild writes the same sentences. Creation lists the identity only, not the whole default
 * configuration; edits list what changed.
 */
import { registerBreadcrumbDescriber, type BreadcrumbDescription } from '../audit';
import type { RecordedEvent } from '../../domain/shared/events';

type Data = Record<string, unknown>;

const dataOf = (event: RecordedEvent): Data => (typeof event.data === 'object' && event.data !== null ? event.data as Data : {});
const objectAt = (data: Data, key: string): Data => (typeof data[key] === 'object' && data[key] !== null ? data[key] as Data : {});

/** `sessionSettings` -> "session settings". */
function label(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

function edited(what: 'ecosystem' | 'program', event: RecordedEvent): BreadcrumbDescription {
  const changes = objectAt(dataOf(event), 'changes');
  const renamed = typeof changes.name === 'string' ? `${what === 'program' ? 'Program' : 'Ecosystem'} renamed to ${changes.name}` : null;
  const others = Object.keys(changes).filter((k) => k !== 'name').map(label);
  const rest = others.length ? `changed ${others.join(', ')}` : '';
  const summary = renamed && rest ? `${renamed}; ${rest}` : renamed ?? `Edited the ${what}: ${rest.replace(/^changed /, '')}`;
  return { summary, changes, ...(typeof changes.name === 'string' ? { targetName: changes.name } : {}) };
}

function created(what: 'ecosystem' | 'program', keys: string[]) {
  return (event: RecordedEvent): BreadcrumbDescription => {
    const details = objectAt(dataOf(event), 'details');
    const changes = Object.fromEntries(keys.map((k) => [k, k === 'isDemo' ? dataOf(event).isDemo : details[k]]));
    const name = typeof details.name === 'string' ? details.name : '';
    return { summary: `Created ${what} ${name}`.trim(), changes, ...(name ? { targetName: name } : {}) };
  };
}

const fixed = (summary: string) => (): string => summary;

const describers: Record<string, (event: RecordedEvent) => string | BreadcrumbDescription> = {
  EcosystemCreated: created('ecosystem', ['name', 'shortName', 'profileId', 'type', 'organizationType', 'isDemoEcosystem']),
  EcosystemEdited: (e) => edited('ecosystem', e),
  EcosystemArchived: fixed('Archived the ecosystem'),
  EcosystemUnarchived: fixed('Unarchived the ecosystem'),
  EcosystemMigratedToProgram: fixed('Migrated the ecosystem to a program of its own'),
  EcosystemProfileIdClaimed: (e) => `Took the profile id ${String(dataOf(e).profileId)}`,
  EcosystemProfileIdReleased: (e) => `Gave up the profile id ${String(dataOf(e).profileId)}`,
  PlatformEcosystemConfigUpdated: (e) => {
    const changes = objectAt(dataOf(e), 'changes');
    return { summary: `Changed the defaults for new ecosystems: ${Object.keys(changes).map(label).join(', ')}`, changes };
  },
  ProgramCreated: created('program', ['name', 'shortName', 'isGlobal', 'isDemo']),
  ProgramEdited: (e) => edited('program', e),
  ProgramArchived: fixed('Archived the program'),
  ProgramUnarchived: fixed('Unarchived the program'),
  ProgramDeleted: fixed('Deleted the demo program'),
};

export function registerTenantBreadcrumbs(): void {
  for (const [type, describe] of Object.entries(describers)) registerBreadcrumbDescriber(type, describe);
}
