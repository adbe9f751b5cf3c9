/** What people read about recording export definitions (English; Spanish in api/i18n/es/meetings.ts). */
import { defineMessages } from '../shared/i18n';

export const recordingExportMessages = defineMessages('recordingExports', {
  templateNotValid: 'Use letters, digits, spaces, dots, dashes and underscores, and only the placeholders {placeholders}.',
  definitionNotFound: 'This export definition does not exist (it may have been deleted).',
  audioHasNoLayout: 'An audio export has no layout: choose video, or no layout.',
});
