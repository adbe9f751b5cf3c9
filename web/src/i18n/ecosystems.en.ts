/**
 * English of the platform admins' ecosystem list (/internal-admin-panel/manage-ecosystems): its demo
 * data actions. Not part of the first load: the page wraps itself in EcosystemsMessages
 * (i18n/PageMessages.tsx).
 */
export const ecosystemsEn = {
  'demo.startDateInvalid': 'Enter a date, for example 2026-12-01.',
  'demo.create': 'Create demo data',
  'demo.delete': 'Delete demo data',
  'demo.createTitle': 'Create demo data for {name}',
  'demo.createText': 'Three demo programs are added to this ecosystem, marked as demo. Demo sessions will start on the date you choose.',
  'demo.startDate': 'First demo session date',
  'demo.deleteTitle': 'Delete the demo data of {name}?',
  'demo.deleteText': 'Everything the demo data added is removed. Data entered by hand is kept.',
  'demo.started': 'The job has started.',
  'demo.job': '{name}: {status}',
  'demo.jobProgress': 'Demo data job progress',
  'demo.status.QUEUED': 'Queued',
  'demo.status.SUBMITTED': 'Submitted',
  'demo.status.PROCESSING': 'Processing',
  'demo.status.FINISHED': 'Finished',
  'demo.status.FAILED': 'Failed',
  'demo.status.CANCELLED': 'Cancelled',
  'demo.finished': 'The demo data job of {name} finished.',
  'demo.failed': 'The demo data job of {name} failed.',
  'ecosystems.searchFailed': 'The search failed',
  'ecosystems.search': 'Search ecosystems',
  'ecosystems.searchPlaceholder': 'Name or short name',
  'ecosystems.count': '{count, plural, =0 {No ecosystems found} one {# ecosystem} other {# ecosystems}}',
  'ecosystems.archiveText': 'Its programs and users stay, but it is hidden from everyone but platform admins until unarchived.',
  'ecosystems.unarchiveTitle': 'Unarchive {name}?',
  'ecosystems.archived': '{name} was archived.',
  'ecosystems.unarchived': '{name} was unarchived.',
  'ecosystems.empty': 'No ecosystems match your search.',
} as const satisfies Record<string, string>;

export type EcosystemsMessageId = keyof typeof ecosystemsEn;
