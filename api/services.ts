/**
 * The long-lived parts one process wires together (api/platform.ts builds them). Resolvers reach
 * them through `ctx.services`; tests build them against a test database.
 */
import type { Pool } from 'pg';
import type { Config } from '../infra/config';
import type { EventStore } from '../infra/eventstore/port';
import type { CommandBus } from '../infra/commandbus';
import type { ProjectionRunner } from '../projections/runner';
import type { WorkflowEngine } from '../workflows/engine/port';
import type { FeatureFlags } from './flags/service';
import type { AuthService } from './auth/service';

export interface Services {
  config: Config;
  /** Owner connection: event store appends and projection writes. Never used by resolvers. */
  ownerPool: Pool;
  /** app_api connection: every resolver read, under row-level security. */
  apiPool: Pool;
  eventStore: EventStore;
  bus: CommandBus;
  projections: ProjectionRunner;
  engine: WorkflowEngine;
  flags: FeatureFlags;
  auth: AuthService;
  clock: () => Date;
}
