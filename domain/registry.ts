/**
 * Every aggregate of the domain, so the event store can validate each event type's data on append
 * and on read, and so one place can tell that no two aggregates claim a category or an event type.
 */
import type { z } from 'zod';
import { ecosystemAggregate } from './ecosystem/state';
import { platformConfigAggregate } from './ecosystem/platform/state';
import { profileClaimAggregate } from './ecosystem/profile/state';
import { featureFlagsAggregate } from './featureflags/flags';
import { demoDataAggregate } from './job/demo-data/state';
import { batchJobAggregate } from './job/state';
import { programAggregate } from './program/state';
import { userEmailAggregate } from './user/email/state';
import { userAggregate } from './user/state';

export const aggregates = [
  ecosystemAggregate, platformConfigAggregate, profileClaimAggregate, programAggregate,
  userAggregate, userEmailAggregate, batchJobAggregate, demoDataAggregate, featureFlagsAggregate,
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
