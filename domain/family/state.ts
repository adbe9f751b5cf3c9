/** State of one parent's family, folded from `family-<parentId>`. */
import type { Aggregate } from '../shared/decider';
import { familyEventSchemas, type FamilyEvent, type NotificationChannel, type Relationship } from './events';

export interface FamilyConnection {
  childId: string;
  ecosystemId: string;
  relationship: Relationship;
  notifPreferences: NotificationChannel[];
}

export interface FamilyState {
  connections: FamilyConnection[];
}

export const initialFamilyState: FamilyState = { connections: [] };

export function sameLink(a: { childId: string; ecosystemId: string }, b: { childId: string; ecosystemId: string }): boolean {
  return a.childId === b.childId && a.ecosystemId === b.ecosystemId;
}

export function evolve(state: FamilyState, event: FamilyEvent): FamilyState {
  switch (event.type) {
    case 'FamilyMemberLinked': {
      const { childId, ecosystemId, relationship, notifPreferences } = event.data;
      return { connections: [...state.connections.filter((c) => !sameLink(c, event.data)), { childId, ecosystemId, relationship, notifPreferences }] };
    }
    case 'FamilyConnectionEdited': {
      const { relationship, notifPreferences } = event.data;
      return {
        connections: state.connections.map((c) => (sameLink(c, event.data)
          ? { ...c, relationship: relationship ?? c.relationship, notifPreferences: notifPreferences ?? c.notifPreferences } : c)),
      };
    }
    case 'FamilyMemberUnlinked': return { connections: state.connections.filter((c) => !sameLink(c, event.data)) };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const familyAggregate: Aggregate<FamilyState, FamilyEvent> = {
  category: 'family',
  initialState: initialFamilyState,
  evolve,
  eventSchemas: familyEventSchemas,
};
