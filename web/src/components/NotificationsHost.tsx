/**
 * Where toasts appear (loaded lazily by App: no page needs it for its first paint). Unlike dialogs
 * (theme.ts) they portal to <body>: they can show while no page, and so no <main>, is rendered yet.
 */
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { TOAST_LIMIT, TOAST_POSITION } from '../constants';

export default function NotificationsHost() {
  return <Notifications limit={TOAST_LIMIT} position={TOAST_POSITION} portalProps={{ target: document.body }} />;
}
