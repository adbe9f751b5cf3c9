/** Shared by the notification tests: posts one through the command bus, as the notification reactor will, and waits for the read model. */
import { randomUUID } from 'node:crypto';
import { postNotification } from '../../domain/notification/handlers';
import type { PostNotificationInput } from '../../domain/notification/commands';
import { NOTIFICATIONS_PROJECTION } from '../../projections/notifications';
import { SYSTEM_ACTOR } from '../auth/seed';
import type { Services } from '../services';

export async function postTestNotification(services: Pick<Services, 'bus' | 'projections' | 'config'>,
  input: Partial<PostNotificationInput> & Pick<PostNotificationInput, 'recipientUserId'>, now = new Date().toISOString()): Promise<string> {
  const notificationId = input.notificationId ?? randomUUID();
  const result = await services.bus.dispatch(postNotification, {
    notificationId, ecosystemId: null, kind: 'SESSION_CANCELLED', link: null,
    params: { subject: 'Algebra', startAt: '2026-11-24T15:00:00.000Z', timeZoneId: 'America/New_York', actorName: 'Ana Tutor' }, ...input,
  }, { actor: SYSTEM_ACTOR, commandId: randomUUID(), now });
  if (result.position) await services.projections.waitFor(result.position, [NOTIFICATIONS_PROJECTION], services.config.PROJECTION_WAIT_MS);
  return notificationId;
}
