/**
 * One server-sent event stream per tab for the signed-in person's notifications
 * (GET /notifications/stream, decision 0073), shared by the header's bell and /notifications.
 * Each event says only that something changed (`notificationId`, or null: read everything again);
 * the listeners read the list again through GraphQL. The stream reopens with the new token when it
 * changes, and after it ended (an expired token: the listeners' next request refreshes the token).
 */
import { useEffect, useRef } from 'react';
import { browserSession, useAccessToken } from '../relay/client';

export type NotificationEventListener = (notificationId: string | null) => void;

const STREAM_URL = '/notifications/stream';
const REOPEN_MS = 3000;

const listeners = new Set<NotificationEventListener>();
let source: { token: string; events: EventSource } | null = null;
let reopenTimer: number | null = null;

function emit(notificationId: string | null): void {
  for (const listener of [...listeners]) listener(notificationId);
}

function close(): void {
  source?.events.close();
  source = null;
  if (reopenTimer !== null) window.clearTimeout(reopenTimer);
  reopenTimer = null;
}

function open(token: string): void {
  if (source?.token === token) return;
  close();
  const events = new EventSource(`${STREAM_URL}?access_token=${encodeURIComponent(token)}`);
  source = { token, events };
  events.addEventListener('notification', (event: MessageEvent<string>) => {
    try {
      const body = JSON.parse(event.data) as { notificationId?: unknown };
      emit(typeof body.notificationId === 'string' ? body.notificationId : null);
    } catch (error) {
      console.error('A notification event could not be read', error);
      emit(null);
    }
  });
  events.addEventListener('error', () => {
    if (events.readyState !== EventSource.CLOSED || source?.events !== events) return;
    // Refused (an expired token): reading again refreshes the token; then reopen with the current one.
    source = null;
    emit(null);
    reopenTimer = window.setTimeout(() => {
      reopenTimer = null;
      const current = browserSession.accessToken();
      if (current && listeners.size > 0) open(current);
    }, REOPEN_MS);
  });
}

/** Calls `onEvent` for each change of the signed-in person's notifications while mounted. */
export function useNotificationEvents(onEvent: NotificationEventListener): void {
  const token = useAccessToken();
  const latest = useRef(onEvent);
  useEffect(() => { latest.current = onEvent; });
  useEffect(() => {
    if (!token) return undefined;
    const listener: NotificationEventListener = (id) => latest.current(id);
    listeners.add(listener);
    open(token);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) close();
    };
  }, [token]);
}
