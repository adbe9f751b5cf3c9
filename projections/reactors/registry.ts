/** Every event reactor the platform runs (docs/decisions/0069); add one line per reactor. */
import type { WorkflowEngine } from '../../workflows/engine/port';
import { courseSeatsReactor } from './course-seats';
import { messageDeliveryReactor } from './message-delivery';
import { notificationsReactor, type NotificationDeps } from './notifications';
import type { Reactor } from './types';

/** What reactors that reach beyond the command bus need from the process (api/platform.ts). */
export interface ReactorDeps {
  notifications: NotificationDeps;
  /** The workflow engine, once started (the runner starts before it; a reaction before then is retried). */
  engine(): Pick<WorkflowEngine, 'startWorkflow'>;
}

const unconfigured = (): never => {
  throw new Error('this reactor is not configured in this process');
};
/** For tools that only list the reactors (the projections CLI). */
export const UNCONFIGURED_REACTOR_DEPS: ReactorDeps = {
  notifications: { parentsOf: unconfigured, publicUrl: unconfigured, unsubscribePath: unconfigured },
  engine: unconfigured,
};

export function allReactors(deps: ReactorDeps = UNCONFIGURED_REACTOR_DEPS): Reactor[] {
  return [
    courseSeatsReactor,
    // Notifications (docs/decisions/0072).
    notificationsReactor(deps.notifications),
    messageDeliveryReactor(deps.engine),
  ];
}
