/**
 * GraphQL inputs as the domain's profile patches. A field the client leaves out is absent from the
 * patch (kept); an explicit null stays null (cleared, or refused by the field's rule when the field
 * cannot be empty). The current institution is named by id and must be a supported school of one
 * of the person's ecosystems: its name and place are copied from there, never taken from the client.
 */
import { ValidationError } from '../../domain/shared/errors';
import type { ProfileChanges } from '../../domain/user/profile/fields';
import type { EcosystemRow } from '../../projections/tenants/queries';
import type { PrimaryInfoInput, ProfileInput } from '../__generated__/resolvers';
import { peopleApiMessages } from './messages';

/** Only the keys the client sent (GraphQL leaves omitted input fields out of the object). */
function sent<T extends object>(input: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
}

export function profileChanges(input: ProfileInput, schools: () => Promise<EcosystemRow['supportedSchools']>): Promise<ProfileChanges> {
  const { currentInstitutionId } = input;
  const changes = sent(input);
  // Mode is a command of its own (SwitchMode); the institution is resolved below.
  delete changes.currentInstitutionId;
  delete changes.mode;
  if (currentInstitutionId === undefined) return Promise.resolve(changes as ProfileChanges);
  if (currentInstitutionId === null) return Promise.resolve({ ...changes, currentInstitution: null } as ProfileChanges);
  return schools().then((list) => {
    const school = list.find((s) => s.id === currentInstitutionId);
    if (!school) throw ValidationError.forField('input.currentInstitutionId', peopleApiMessages.schoolNotInEcosystems);
    return { ...changes, currentInstitution: { id: school.id, name: school.name, alias: school.alias, city: school.city, state: school.state } } as ProfileChanges;
  });
}

export function primaryInfoChanges(input: PrimaryInfoInput): ProfileChanges {
  return sent(input) as ProfileChanges;
}
