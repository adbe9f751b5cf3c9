/**
 * English of the recording export definitions page
 * (/internal-admin-panel/custom-lessonspace-video-audio-recording-export-definitions, decisions 0058
 * and 0065). Not part of the first load: the page wraps itself in RecordingExportsMessages.
 */
export const recordingExportsEn = {
  'recordingExports.title': 'Recording export definitions',
  'recordingExports.intro': 'How the recordings of lessons held in Lessonspace are exported. A session uses its ecosystem\'s own definition, else one for all ecosystems.',
  'recordingExports.back': 'Back to the internal admin panel',
  'recordingExports.listTitle': 'Definitions',
  'recordingExports.empty': 'No definitions yet: recordings are exported as Lessonspace makes them.',
  'recordingExports.allEcosystems': 'All ecosystems',
  'recordingExports.unknownEcosystem': 'Another ecosystem',
  'recordingExports.summary': '{media}, {tracks}, {content}',
  'recordingExports.withContent': 'with the shared content',
  'recordingExports.withoutContent': 'without the shared content',
  'recordingExports.edit': 'Edit',
  'recordingExports.editNamed': 'Edit {name}',
  'recordingExports.delete': 'Delete',
  'recordingExports.deleteNamed': 'Delete {name}',
  'recordingExports.deleted': '{name} was deleted.',
  'recordingExports.createTitle': 'New definition',
  'recordingExports.editTitle': 'Change {name}',
  'recordingExports.name': 'Name',
  'recordingExports.ecosystem': 'Ecosystem',
  'recordingExports.media': 'Media',
  'recordingExports.media.VIDEO': 'Video',
  'recordingExports.media.AUDIO': 'Audio only',
  'recordingExports.tracks': 'Whose tracks',
  'recordingExports.tracks.EVERYONE': 'Everyone',
  'recordingExports.tracks.LEADERS': 'Leaders only',
  'recordingExports.includeContent': 'Include the shared content (whiteboard, documents)',
  'recordingExports.layout': 'Video layout',
  'recordingExports.layout.none': 'None',
  'recordingExports.layout.GRID': 'Grid',
  'recordingExports.layout.SPEAKER': 'Speaker',
  'recordingExports.fileNameTemplate': 'File name',
  'recordingExports.fileNameHint': 'Letters, digits, spaces, dots, dashes and underscores, with {placeholders}.',
  'recordingExports.required': 'Fill this in.',
  'recordingExports.create': 'Create definition',
  'recordingExports.save': 'Save changes',
  'recordingExports.cancelEdit': 'Cancel',
  'recordingExports.created': '{name} was created.',
  'recordingExports.saved': '{name} was saved.',
} as const satisfies Record<string, string>;

export type RecordingExportsMessageId = keyof typeof recordingExportsEn;
