/**
 * English of in-app notifications: the header's bell, its toasts and /notifications
 * (docs/decisions/0073). Not part of the first load: the bell and the page wrap themselves in
 * NotificationsMessages (i18n/PageMessages.tsx). Each kind's text takes {subject}, {when} (the
 * session's time in the zone named by the notification, else the reader's), {other}, {child}.
 */
export const notificationsEn = {
  'notifications.title': 'Notifications',
  'notifications.bell': '{count, plural, =0 {Notifications, none unread} one {Notifications, # unread} other {Notifications, # unread}}',
  'notifications.empty': 'No notifications yet.',
  'notifications.markRead': 'Mark read',
  'notifications.markReadOf': 'Mark read: {text}',
  'notifications.markAllRead': 'Mark all read',
  'notifications.allRead': 'All notifications are read.',
  'notifications.unreadCount': '{count, plural, =0 {Nothing unread} one {# unread} other {# unread}}',
  'notifications.unread': 'Unread',
  'notifications.read': 'Read',
  'notifications.open': 'Open',
  'notifications.openOf': 'Open: {text}',
  'notifications.loadMore': 'Show more notifications',
  'notifications.postedAt': 'Received {time}',
  'notifications.aSession': 'a session',
  'notifications.someone': 'Someone',
  'notifications.noTime': 'time to be confirmed',
  'notifications.kind.SESSION_BOOKED': 'New session: {subject}, {when}.',
  'notifications.kind.SESSION_SCHEDULED': 'New session: {subject}, {when}.',
  'notifications.kind.SESSION_MOVED': 'Session moved: {subject} is now {when}.',
  'notifications.kind.SESSION_CHANGED': 'Session changed: {subject}, {when}.',
  'notifications.kind.SESSION_CANCELLED': 'Session cancelled: {subject}, {when}.',
  'notifications.kind.SESSION_RESTORED': 'Session back on: {subject}, {when}.',
  'notifications.kind.SESSION_REMOVED': '{child, select, none {You were} other {{child} was}} removed from the session {subject}, {when}.',
  'notifications.kind.SESSION_PARTICIPANT_JOINED': '{other} joined the session {subject}, {when}.',
  'notifications.kind.SESSION_PARTICIPANT_LEFT': '{other} left the session {subject}, {when}.',
  'notifications.kind.SESSION_REMINDER': 'Reminder: {subject} starts {when}.',
  'notifications.kind.FEEDBACK_REQUESTED': 'Please give your feedback on {subject}, {when}.',
  'notifications.kind.other': 'You have a new notification.',
};

export type NotificationsMessageId = keyof typeof notificationsEn;
