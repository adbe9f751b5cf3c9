/**
 * Where toasts appear, mounted by App on the first toast (components/toast.ts), which hands them
 * over from then on. Unlike dialogs (theme.ts) they portal to <body>: they can show while no page,
 * and so no <main>, is rendered yet.
 */
import { Notifications, notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { useEffect } from 'react';
import { TOAST_LIMIT, TOAST_POSITION } from '../constants';
import { connectToastHost } from './toast';

export default function NotificationsHost() {
  useEffect(() => connectToastHost((toast) => notifications.show(toast)), []);
  return <Notifications limit={TOAST_LIMIT} position={TOAST_POSITION} portalProps={{ target: document.body }} />;
}
