/**
 * Decisions of the Family aggregate. Who may link whom (an admin of the ecosystem; the adult a
 * parent there, the child a learner there) is checked before the command, by the family policy
 * and the API, because it reads other aggregates' read models; the decider keeps the family's own
 * rules: no self-links, one connection per child and ecosystem, repeats record nothing.
 */
import { IllegalStateError, ValidationError } from '../shared/errors';
import type { EditFamilyConnectionInput, FamilyCommand, LinkFamilyMemberInput, UnlinkFamilyMemberInput } from './commands';
import type { FamilyEvent } from './events';
import { familyMessages } from './messages';
import { sameLink, type FamilyConnection, type FamilyState } from './state';

function sameChannels(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((c, i) => c === b[i]);
}

/** The fields of `wanted` that differ from the connection, or null when nothing does. */
function changesOf(connection: FamilyConnection, wanted: EditFamilyConnectionInput): Omit<EditFamilyConnectionInput, 'parentId' | 'childId' | 'ecosystemId'> | null {
  const changes: Omit<EditFamilyConnectionInput, 'parentId' | 'childId' | 'ecosystemId'> = {};
  if (wanted.relationship && wanted.relationship !== connection.relationship) changes.relationship = wanted.relationship;
  if (wanted.notifPreferences && !sameChannels(wanted.notifPreferences, connection.notifPreferences)) changes.notifPreferences = wanted.notifPreferences;
  return Object.keys(changes).length ? changes : null;
}

export function linkFamilyMember(input: LinkFamilyMemberInput, state: FamilyState): FamilyEvent[] {
  if (input.parentId === input.childId) throw ValidationError.forField('childId', familyMessages.notYourself);
  const held = state.connections.find((c) => sameLink(c, input));
  // Linking again is an edit of what differs: an admin's repeated link (or a retry) records nothing twice.
  if (held) {
    const changes = changesOf(held, input);
    return changes ? [{ type: 'FamilyConnectionEdited', data: { parentId: input.parentId, childId: input.childId, ecosystemId: input.ecosystemId, ...changes } }] : [];
  }
  return [{ type: 'FamilyMemberLinked', data: { ...input } }];
}

export function editFamilyConnection(input: EditFamilyConnectionInput, state: FamilyState): FamilyEvent[] {
  if (!input.relationship && !input.notifPreferences) throw new ValidationError(familyMessages.nothingToChange);
  const held = state.connections.find((c) => sameLink(c, input));
  if (!held) throw new IllegalStateError(familyMessages.notLinked, 'NOT_LINKED');
  const changes = changesOf(held, input);
  return changes ? [{ type: 'FamilyConnectionEdited', data: { parentId: input.parentId, childId: input.childId, ecosystemId: input.ecosystemId, ...changes } }] : [];
}

export function unlinkFamilyMember(input: UnlinkFamilyMemberInput, state: FamilyState): FamilyEvent[] {
  if (!state.connections.some((c) => sameLink(c, input))) throw new IllegalStateError(familyMessages.notLinked, 'NOT_LINKED');
  return [{ type: 'FamilyMemberUnlinked', data: { ...input } }];
}

export function decide(command: FamilyCommand, state: FamilyState): FamilyEvent[] {
  switch (command.type) {
    case 'LinkFamilyMember': return linkFamilyMember(command.data, state);
    case 'EditFamilyConnection': return editFamilyConnection(command.data, state);
    case 'UnlinkFamilyMember': return unlinkFamilyMember(command.data, state);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
