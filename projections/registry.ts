/**
 * Every projection the platform runs. Add one line per read model; the runner, the CLI and the
 * property tests all take their list from here.
 */
import { auditProjection } from './audit';
import { jobsProjection } from './jobs';
import { usersProjection } from './users';
import { messagesProjection } from './messages';
import { tenantsProjection } from './tenants';
import { invitationsProjection } from './invitations';
import { applicationsProjection } from './applications';
import { ssoProjection } from './sso';
import { familiesProjection } from './families';
import { rosterProjection } from './roster';
import { signupLeadsProjection } from './signupleads';
import { sessionsProjection } from './sessions';
import { coursesProjection } from './courses';
import { sessionLessonspaceProjection } from './session-lessonspace';
import { reportsProjection } from './reports';
import { notificationsProjection } from './notifications';
import { bigJobsProjection } from './bigjobs';
import { registerOperationBreadcrumbs } from './operations-breadcrumbs';
import type { Projection } from './types';

registerOperationBreadcrumbs();

export function allProjections(): Projection[] {
  return [
    auditProjection,
    usersProjection,
    tenantsProjection,
    jobsProjection,
    messagesProjection,
    invitationsProjection,
    applicationsProjection,
    ssoProjection,
    familiesProjection,
    rosterProjection,
    signupLeadsProjection,
    sessionsProjection,
    coursesProjection,
    sessionLessonspaceProjection,
    reportsProjection,
    notificationsProjection,
    bigJobsProjection,
  ];
}
