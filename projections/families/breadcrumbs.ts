/** How family events read in the audit trail: who was linked to whom, as what, told by which channels. */
import type { RecordedEvent } from '../../domain/shared/events';
import { registerBreadcrumbDescriber, type BreadcrumbDescription } from '../audit';

type Data = Record<string, unknown>;
const dataOf = (event: RecordedEvent): Data => (typeof event.data === 'object' && event.data !== null ? event.data as Data : {});

const describers: Record<string, (event: RecordedEvent) => BreadcrumbDescription> = {
  FamilyMemberLinked: (e) => ({
    summary: `Linked a child as ${String(dataOf(e).relationship)}`,
    changes: { childId: dataOf(e).childId, relationship: dataOf(e).relationship, notifPreferences: dataOf(e).notifPreferences },
  }),
  FamilyConnectionEdited: (e) => ({
    summary: 'Edited a family connection',
    changes: { childId: dataOf(e).childId, relationship: dataOf(e).relationship, notifPreferences: dataOf(e).notifPreferences },
  }),
  FamilyMemberUnlinked: (e) => ({ summary: 'Unlinked a child', changes: { childId: dataOf(e).childId } }),
};

export function registerFamilyBreadcrumbs(): void {
  for (const [type, describe] of Object.entries(describers)) registerBreadcrumbDescriber(type, describe);
}
