/** What users read when a Lessonspace upload is refused (English; Spanish in api/i18n/es/session-lessonspace.ts). */
import { defineMessages } from '../shared/i18n';

export const lessonspaceMessages = defineMessages('sessionLessonspace', {
  notLessonspace: 'This session does not meet in a Lessonspace room.',
  noRoom: 'This session\'s Lessonspace room is not ready yet. Try again in a minute.',
  notStarted: 'This session has not started yet, so it has no lesson to record.',
  recordingsDisabled: 'Recordings are turned off for this program.',
  lessonNotFound: 'Lessonspace has no lesson for this session yet.',
  noFiles: 'Choose at least one file.',
  tooManyFiles: 'Upload at most {max} files at a time.',
  fileTooLarge: 'Each file can be at most {max} KB.',
  badFileName: 'File names can have letters, digits, spaces, dots, dashes and underscores, up to 200 characters.',
  badFileType: 'Give the file\'s type, such as application/pdf.',
  badFileContent: 'A file\'s content could not be read.',
  providerFailed: 'Lessonspace could not be reached. Try again later.',
  providerCredentials: 'Lessonspace refused this ecosystem\'s credentials. An administrator needs to check them.',
});
