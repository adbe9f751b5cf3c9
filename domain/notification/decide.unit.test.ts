import { describe, it } from 'vitest';
import { NotFoundError } from '../shared/errors';
import { given, NOW } from '../user/given';
import type { NotificationEvent, NotificationPosted } from './events';
import { markNotificationRead, postNotification } from './handlers';

const notificationId = '5b0e7c1a-2d3f-4a5b-8c6d-7e8f9a0b1c2d';
const recipientUserId = '3f2e1d0c-4b5a-4697-8877-665544332211';
const otherUserId = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f11223344';
const ecosystemId = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const LATER = '2026-11-21T11:30:00.000Z';

const input = {
  notificationId, ecosystemId, recipientUserId, kind: 'SESSION_CANCELLED',
  params: { subject: 'Algebra', startAt: '2026-11-24T15:00:00.000Z', timeZoneId: 'America/New_York', actorName: 'Ana', seats: 2, online: true, reason: null },
  link: '/sessions/abc',
};
const posted: NotificationPosted = { type: 'NotificationPosted', data: { ...input, postedAt: NOW } };
const read = (at: string): NotificationEvent => ({ type: 'NotificationRead', data: { notificationId, readAt: at } });

describe('Notification', () => {
  describe('posting', () => {
    it('posts a new notification at the command time', () => {
      given(postNotification, []).when(input).then([posted]);
    });
    it('posts nothing the second time the same id comes (the reactor retried), whatever it says', () => {
      given(postNotification, [posted]).when({ ...input, kind: 'SESSION_CHANGED' }, { now: LATER }).then([]);
      given(postNotification, [posted, read(LATER)]).when(input).then([]);
    });
    it('takes platform notifications (no ecosystem) and none without a link', () => {
      given(postNotification, []).when({ ...input, ecosystemId: null, link: null })
        .then([{ type: 'NotificationPosted', data: { ...input, ecosystemId: null, link: null, postedAt: NOW } }]);
    });
    it('refuses a kind that is not a message kind, nested params and links to other sites', () => {
      given(postNotification, []).when({ ...input, kind: 'session cancelled' }).thenThrows(Error);
      given(postNotification, []).when({ ...input, params: { subject: { nested: true } } }).thenThrows(Error);
      given(postNotification, []).when({ ...input, link: 'https://evil.example/' }).thenThrows(Error);
      given(postNotification, []).when({ ...input, link: '//evil.example/' }).thenThrows(Error);
      given(postNotification, []).when({ ...input, link: '/\\evil.example/' }).thenThrows(Error);
      given(postNotification, []).when({ ...input, link: '/sessions?id=1#top' }).then([{ type: 'NotificationPosted', data: { ...input, link: '/sessions?id=1#top', postedAt: NOW } }]);
    });
  });

  describe('reading', () => {
    it('marks an unread notification read by its recipient, at the command time', () => {
      given(markNotificationRead, [posted]).when({ notificationId, recipientUserId }, { now: LATER }).then([read(LATER)]);
    });
    it('changes nothing when it is read again', () => {
      given(markNotificationRead, [posted, read(LATER)]).when({ notificationId, recipientUserId }).then([]);
    });
    it('answers another person as if there were no such notification', () => {
      given(markNotificationRead, [posted]).when({ notificationId, recipientUserId: otherUserId }).thenThrows(NotFoundError);
      given(markNotificationRead, []).when({ notificationId, recipientUserId }).thenThrows(NotFoundError);
    });
  });
});
