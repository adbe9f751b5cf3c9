/**
 * The header's bell (decision 0073): the signed-in person's unread count, a link to
 * /notifications, and a toast for each notification that arrives while the app is open (at most 3
 * show at once: the toast host's limit). Loaded lazily once someone is signed in, with its own
 * catalogue, and sent without Relay's runtime, so the log-in page's first load carries none of it.
 * Kept current by the live stream (notifications/live.ts), not by polling.
 */
import { Anchor, Badge } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LOCALES, useLocale } from '../i18n/locale';
import { useT } from '../i18n/terms';
import { Link } from 'react-router-dom';
import { NotificationsMessages } from '../i18n/PageMessages';
import { useNotificationEvents } from '../notifications/live';
import { notificationText, type NotificationFormatter } from '../notifications/text';
import { sendOperation, useAccessToken } from '../relay/client';
import { graphql } from '../relay/graphql';
import type { NotificationBellQuery, NotificationBellQuery$data } from './__generated__/NotificationBellQuery.graphql';
import { showToast } from './toast';

const query = graphql`
  query NotificationBellQuery {
    notifications(first: 5, unreadOnly: true) {
      unreadCount
      edges { node { notificationId kind params } }
    }
  }
`;

type Unread = NotificationBellQuery$data['notifications'];

function BellIcon() {
  return (
    <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}

/** The unread notifications, read again on each change; `onNew` gets those not seen before (none at first). */
function useUnread(onNew: (node: Unread['edges'][number]['node']) => void): number {
  const token = useAccessToken();
  const [count, setCount] = useState(0);
  const seen = useRef<Set<string> | null>(null);
  const onNewRef = useRef(onNew);
  useEffect(() => { onNewRef.current = onNew; });
  const load = useCallback((signal?: AbortSignal) => {
    sendOperation<NotificationBellQuery>(query, {}, signal).then((data) => {
      const { unreadCount, edges } = data.notifications;
      setCount(unreadCount);
      const first = seen.current === null;
      seen.current ??= new Set();
      for (const { node } of [...edges].reverse()) {
        if (seen.current.has(node.notificationId)) continue;
        seen.current.add(node.notificationId);
        if (!first) onNewRef.current(node);
      }
    }, (error: unknown) => {
      if (!signal?.aborted) console.error('Notifications could not be read', error);
    });
  }, []);
  useEffect(() => {
    if (!token) return undefined;
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
    // Read again when the person (the token) changes; a refreshed token is the same person, and harmless.
  }, [token, load]);
  useNotificationEvents(() => load());
  return count;
}

/** The catalogue's words and the reader's dates, without importing react-intl here (the entry's chunking, its budget). */
function useFormatter(): NotificationFormatter {
  const t = useT();
  const { locale } = useLocale();
  return useMemo(() => ({
    formatMessage: ({ id }, values) => t(id as Parameters<typeof t>[0], values),
    formatDate: (value, options) => new Intl.DateTimeFormat(LOCALES[locale].tag, options).format(new Date(value)),
  }), [t, locale]);
}

function Bell() {
  const intl = useFormatter();
  // No title: Mantine dims a titled toast's text below the contrast axe asks for; the text says what it is.
  const count = useUnread((node) => showToast({ color: 'blue', message: notificationText(intl, node.kind, (node.params ?? {}) as Record<string, unknown>) }));
  return (
    <Anchor component={Link} to="/notifications" c="inherit" className="app-bell app-bell-slot" aria-label={intl.formatMessage({ id: 'inbox.bell' }, { count })}>
      <BellIcon />
      {count > 0 && <Badge size="sm" circle={count < 10} color="red" aria-hidden="true" data-testid="notification-count">{count > 99 ? '99+' : count}</Badge>}
    </Anchor>
  );
}

export default function NotificationBell() {
  return <NotificationsMessages><Bell /></NotificationsMessages>;
}
