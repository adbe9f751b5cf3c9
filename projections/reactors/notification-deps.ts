/** The notification reactor's dependencies in a process (api/platform.ts): reads on the owner connection, links from PUBLIC_URL. */
import type { Pool } from 'pg';
import { publicUrl, type Config } from '../../infra/config';
import { unsubscribePath, unsubscribeTokens } from '../../infra/unsubscribe';
import { parentsOfLearner } from '../families/queries';
import type { NotificationDeps } from './notifications';

export function notificationDeps(pool: Pool, config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, secret: string): NotificationDeps {
  const tokens = unsubscribeTokens(secret);
  return {
    parentsOf: (childId, ecosystemId) => parentsOfLearner(pool, childId, ecosystemId),
    publicUrl: (path) => publicUrl(config, path),
    unsubscribePath: (claim) => unsubscribePath(tokens.sign(claim)),
  };
}
