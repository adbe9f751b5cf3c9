/**
 * English of the sign-up leads page (docs/decisions/0045, amendment) and of its link on an
 * ecosystem's admin card. Not part of the first load: both wrap themselves in LeadsMessages
 * (i18n/PageMessages.tsx).
 */
export const leadsEn = {
  'leads.link': 'Sign-up leads',
  'leads.title': 'Sign-up leads of {name}',
  'leads.intro': 'People you expect to sign up, newest first. A ticket link is shown once, when the lead is created; here you can send the ecosystem\'s sign-up page instead.',
  'leads.filter': 'Status',
  'leads.filter.all': 'All',
  'leads.status.OPEN': 'Open',
  'leads.status.USED': 'Used',
  'leads.status.EXPIRED': 'Expired',
  'leads.list': 'Sign-up leads',
  'leads.empty': 'No sign-up leads here.',
  'leads.loadMore': 'Show more',
  'leads.count': '{count, plural, one {# lead} other {# leads}}',
  'leads.field.email': 'E-mail',
  'leads.field.phone': 'Phone',
  'leads.field.applicantType': 'Signs up as',
  'leads.field.clientProfileType': 'Client type',
  'leads.field.subject': 'Subject',
  'leads.field.tutorProfile': '{tutorTerm} profile',
  'leads.field.leadSource': 'Lead source',
  'leads.field.created': 'Created',
  'leads.field.expires': 'Ticket ends',
  'leads.none': '—',
  'leads.applicantType.TUTOR': '{tutorTerm}',
  'leads.applicantType.PARENT': 'Parent',
  'leads.applicantType.STUDENT': '{tuteeTerm}',
  'leads.clientType.PARENT': 'Parent',
  'leads.clientType.STUDENT': 'Student',
  'leads.signupLink': 'Sign-up page for {name}',
  'leads.copy': 'Copy sign-up link',
  'leads.copyFor': 'Copy sign-up link for {name}',
  'leads.copied': 'The sign-up link is copied.',
  'leads.copyFailed': 'The link could not be copied: select it and copy it yourself.',
} as const satisfies Record<string, string>;

export type LeadsMessageId = keyof typeof leadsEn;
