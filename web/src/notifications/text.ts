/**
 * A notification's words, from its kind and parameters, in the reader's language (decision 0073):
 * the server stores no text, so a Spanish reader reads Spanish whatever language the sender used.
 * Times are written in the zone the notification names (`timeZoneId`, the recipient's zone when it
 * was sent), else in the reader's own, with the zone's name shown so they are never ambiguous.
 */
/** What rendering needs of react-intl's IntlShape (which satisfies it): the header's bell builds one without importing react-intl. */
export interface NotificationFormatter {
  formatMessage(descriptor: { id: string }, values?: Record<string, string | number>): string;
  formatDate(value: string, options: Intl.DateTimeFormatOptions): string;
}

export type NotificationParams = Readonly<Record<string, unknown>>;

export const KNOWN_KINDS = [
  'SESSION_BOOKED', 'SESSION_SCHEDULED', 'SESSION_MOVED', 'SESSION_CHANGED', 'SESSION_CANCELLED', 'SESSION_RESTORED', 'SESSION_REMOVED',
  'SESSION_PARTICIPANT_JOINED', 'SESSION_PARTICIPANT_LEFT', 'SESSION_REMINDER', 'FEEDBACK_REQUESTED',
  // Session timers (decision 0074): a parent's reminder of their child's session.
  'CHILD_SESSION_REMINDER',
] as const;

const text = (params: NotificationParams, ...names: string[]): string | null => {
  for (const name of names) {
    const value = params[name];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
};

function validZone(zone: string | null): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** An instant as the reader's language writes it, in `zone` (or the reader's) with the zone's short name. */
export function formatWhen(intl: NotificationFormatter, iso: string | null, zone: string | null): string | null {
  if (!iso || Number.isNaN(Date.parse(iso))) return null;
  return intl.formatDate(iso, {
    weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone: validZone(zone),
  });
}

export function notificationText(intl: NotificationFormatter, kind: string, params: NotificationParams): string {
  const known = (KNOWN_KINDS as readonly string[]).includes(kind);
  const values = {
    subject: text(params, 'sessionSubject', 'subject') ?? intl.formatMessage({ id: 'inbox.aSession' }),
    when: formatWhen(intl, text(params, 'startAt'), text(params, 'timeZoneId')) ?? intl.formatMessage({ id: 'inbox.noTime' }),
    other: text(params, 'otherName', 'actorName') ?? intl.formatMessage({ id: 'inbox.someone' }),
    child: text(params, 'childName') ?? 'none',
  };
  return intl.formatMessage({ id: known ? `inbox.kind.${kind}` : 'inbox.kind.other' }, values);
}
