/** Where toasts appear (loaded lazily by App: no page needs it for its first paint). */
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { TOAST_LIMIT, TOAST_POSITION } from '../constants';

export default function NotificationsHost() {
  return <Notifications limit={TOAST_LIMIT} position={TOAST_POSITION} />;
}
