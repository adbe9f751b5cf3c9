/** What users read when a family command is refused (English; Spanish in api/i18n/es/families.ts). */
import { defineMessages } from '../shared/i18n';

export const familyMessages = defineMessages('family', {
  notYourself: 'A person cannot be linked to themselves.',
  notLinked: 'These two people are not linked in this ecosystem.',
  nothingToChange: 'Send a relationship or notification preferences to change.',
  relationshipLabel: 'Relationship',
  notAParent: 'This person is not a parent or guardian in this ecosystem.',
  notALearner: 'This person is not a student in this ecosystem.',
});
