/**
 * Every aggregate of the domain, so the event store can validate each event type's data on append
 * and on read and upcast its older versions, and so one place can tell that no two aggregates claim
 * a category or an event type.
 */
import type { z } from 'zod';
import type { Upcaster } from './shared/events';
import { ecosystemAggregate } from './ecosystem/state';
import { platformConfigAggregate } from './ecosystem/platform/state';
import { profileClaimUpcasters } from './ecosystem/profile/events';
import { profileClaimAggregate } from './ecosystem/profile/state';
import { featureFlagsAggregate } from './featureflags/flags';
import { mfaAggregate } from './mfa/state';
import { projectionOperationsAggregate } from './operations/projection';
import { demoDataAggregate } from './job/demo-data/state';
import { batchJobAggregate } from './job/state';
import { programAggregate } from './program/state';
import { userEmailAggregate } from './user/email/state';
import { userUpcasters } from './user/events';
import { userAggregate } from './user/state';
import { messageAggregate } from './message/state';
import { invitationAggregate } from './invitation/state';
import { applicationAggregate } from './application/state';
import { signupLeadAggregate } from './application/lead/lead';
import { ssoConfigAggregate } from './sso/config';
import { ssoIdentityAggregate } from './sso/identity';
import { familyAggregate } from './family/state';
import { sessionAggregate } from './session/state';
import { recordingExportsAggregate } from './meetings/exports';
import { courseAggregate } from './course/state';
import { scheduledReportAggregate } from './report/state';
import { notificationAggregate } from './notification/state';
import { bigJobAggregate } from './bigjob/state';

export const aggregates = [
  ecosystemAggregate, platformConfigAggregate, profileClaimAggregate, programAggregate,
  userAggregate, userEmailAggregate, batchJobAggregate, demoDataAggregate, featureFlagsAggregate,
  projectionOperationsAggregate,
  mfaAggregate,
  messageAggregate,
  invitationAggregate,
  applicationAggregate,
  signupLeadAggregate,
  ssoIdentityAggregate, ssoConfigAggregate,
  familyAggregate,
  sessionAggregate,
  recordingExportsAggregate,
  courseAggregate,
  scheduledReportAggregate,
  notificationAggregate,
  bigJobAggregate,
] as const;

export function allEventSchemas(): Record<string, z.ZodType> {
  const schemas: Record<string, z.ZodType> = {};
  for (const aggregate of aggregates) {
    for (const [type, schema] of Object.entries(aggregate.eventSchemas as Record<string, z.ZodType>)) {
      if (schemas[type]) throw new Error(`Event type ${type} is claimed by two aggregates`);
      schemas[type] = schema;
    }
  }
  return schemas;
}

/**
 * Every upcaster of the domain: one per event type and schema version that changed. Add an
 * aggregate's list here when one of its events changes shape (DESIGN.md section 3).
 */
export function allUpcasters(): Upcaster[] {
  const schemas = allEventSchemas();
  const upcasters = [...profileClaimUpcasters, ...userUpcasters];
  for (const u of upcasters) if (!schemas[u.type]) throw new Error(`Upcaster for ${u.type}, which no aggregate has`);
  return upcasters;
}

/** What the event store needs to know of the domain's events (infra/eventstore/schemas.ts EventTypes). */
export function domainEventTypes(): { schemas: Record<string, z.ZodType>; upcasters: Upcaster[] } {
  return { schemas: allEventSchemas(), upcasters: allUpcasters() };
}
