/**
 * English of in-app notifications: the header's bell, its toasts and /notifications
 * (docs/decisions/0073). Not part of the first load: the bell and the page wrap themselves in
 * NotificationsMessages (i18n/PageMessages.tsx). Each kind's text takes {subject}, {when} (the
 * session's time in the zone named by the notification, else the reader's), {other}, {child}.
 */
export const notificationsEn = {
  'inbox.title': 'Notifications',
  'inbox.bell': '{count, plural, =0 {Notifications, none unread} one {Notifications, # unread} other {Notifications, # unread}}',
  'inbox.empty': 'No notifications yet.',
  'inbox.markRead': 'Mark read',
  'inbox.markReadOf': 'Mark read: {text}',
  'inbox.markAllRead': 'Mark all read',
  'inbox.allRead': 'All notifications are read.',
  'inbox.unreadCount': '{count, plural, =0 {Nothing unread} one {# unread} other {# unread}}',
  'inbox.unread': 'Unread',
  'inbox.read': 'Read',
  'inbox.open': 'Open',
  'inbox.openOf': 'Open: {text}',
  'inbox.loadMore': 'Show more notifications',
  'inbox.postedAt': 'Received {time}',
  'inbox.aSession': 'a session',
  'inbox.someone': 'Someone',
  'inbox.noTime': 'time to be confirmed',
  'inbox.kind.SESSION_BOOKED': 'New session: {subject}, {when}.',
  'inbox.kind.SESSION_SCHEDULED': 'New session: {subject}, {when}.',
  'inbox.kind.SESSION_MOVED': 'Session moved: {subject} is now {when}.',
  'inbox.kind.SESSION_CHANGED': 'Session changed: {subject}, {when}.',
  'inbox.kind.SESSION_CANCELLED': 'Session cancelled: {subject}, {when}.',
  'inbox.kind.SESSION_RESTORED': 'Session back on: {subject}, {when}.',
  'inbox.kind.SESSION_REMOVED': '{child, select, none {You were} other {{child} was}} removed from the session {subject}, {when}.',
  'inbox.kind.SESSION_PARTICIPANT_JOINED': '{other} joined the session {subject}, {when}.',
  'inbox.kind.SESSION_PARTICIPANT_LEFT': '{other} left the session {subject}, {when}.',
  'inbox.kind.SESSION_REMINDER': 'Reminder: {subject} starts {when}.',
  'inbox.kind.FEEDBACK_REQUESTED': 'Please give your feedback on {subject}, {when}.',
  // Session timers (decision 0074).
  'inbox.kind.CHILD_SESSION_REMINDER': 'Reminder: {child, select, none {a session} other {{child}\'s session}} {subject} starts {when}.',
  'inbox.kind.other': 'You have a new notification.',
};

export type NotificationsMessageId = keyof typeof notificationsEn;
