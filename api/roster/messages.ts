/** What the admin user tools say themselves (English; Spanish in api/i18n/es/families.ts). */
import { defineMessages } from '../../domain/shared/i18n';

export const rosterMessages = defineMessages('roster', {
  tooManyValues: 'Choose at most {max} values.',
  termTooLong: 'Search with at most {max} characters.',
  termOneLine: 'Search on one line, without line breaks.',
  unknownSort: 'Unknown sort order.',
  pageTooDeep: 'Pages reach at most {max} rows deep; narrow the filters instead.',
  invalidPageNum: 'The page number starts at 1.',
  homeEcosystemUnknown: 'Browse one of your ecosystems (x-ecosystem-profile-id header) to search its people.',
  noPeople: 'Choose at least one person.',
  tooManyPeople: 'Choose at most {max} people at once; use the action for all matching people instead.',
  duplicatePerson: 'This person is named twice.',
  notInEcosystem: 'This person does not belong to this ecosystem.',
  notYourself: 'You cannot do this to your own account.',
  noChanges: 'Choose a role to give or take.',
  programNotInEcosystem: 'Choose a program of this ecosystem.',
  keepOwnAdminRole: 'You cannot take your own admin role.',
  invalidCount: 'The expected count is a whole number from 0.',
  countChanged: 'The number of matching people changed to {count} since you looked. Check the list again before you go on.',
  startedByOwnMutation: 'This job is started by its own action (adminArchiveAllUser or adminUpdateAllUserPermissions).',
});

/** The roster export's column names and its own refusal. */
export const rosterCsvMessages = defineMessages('roster.csv', {
  firstName: 'First name',
  lastName: 'Last name',
  preferredName: 'Preferred name',
  email: 'Email',
  status: 'Status',
  roles: 'Roles',
  programIds: 'Program ids',
  joinedAt: 'Joined',
  badFilters: 'The filters must be a JSON object of roster filters.',
});
