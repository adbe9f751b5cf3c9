/** What readers of the session summary and admins changing programs' session properties see when something is wrong (Spanish in api/i18n/es/session-summary.ts). */
import { defineMessages } from '../../domain/shared/i18n';

export const sessionSummaryMessages = defineMessages('sessions.summary', {
  rangeOrder: 'The last day must not come before the first.',
  rangeTooLong: 'Ask for at most {max, number} months at a time.',
  noPrograms: 'Choose at least one program.',
  tooManyPrograms: 'Choose at most {max, number} programs at a time.',
  programTwice: 'This program is listed twice.',
  propertyRequired: 'Give the property to add or edit.',
  keyMismatch: 'The property\'s key must be the key being added or edited.',
  idIsKey: 'A session property is named by its key: leave its id out or give the key.',
  notInProgram: 'This program has no session property "{key}" to edit; add it instead.',
  differentInProgram: 'This program already has a different session property "{key}"; edit it instead.',
});
