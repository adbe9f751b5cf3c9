/** What users read when an audit-trail filter is refused (English; Spanish in api/i18n/es/api.ts). */
import { defineMessages } from '../../domain/shared/i18n';

export const auditMessages = defineMessages('audit', {
  actors: 'People',
  actions: 'Actions',
  rangeBackwards: 'The end of the date range must be after its start.',
});
