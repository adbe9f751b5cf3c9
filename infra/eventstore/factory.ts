/**
 * Picks the event-store adapter from configuration: EventStoreDB when EVENTSTOREDB_URL is set,
 * otherwise PostgreSQL on the given pool. Event data is validated against every aggregate's zod
 * schemas on append and on read.
 */
import type { Pool } from 'pg';
import type { Config } from '../config';
import type { EventStore } from './port';
import { createPostgresEventStore, type EventSchemas } from './postgres';
import { createEventStoreDbStore } from './eventstoredb';

export function createEventStore(config: Pick<Config, 'EVENTSTOREDB_URL'>, pool: Pool, schemas?: EventSchemas): EventStore {
  if (config.EVENTSTOREDB_URL) return createEventStoreDbStore(config.EVENTSTOREDB_URL, { schemas });
  return createPostgresEventStore(pool, { schemas });
}
