/**
 * Picks the event-store adapter from configuration: EventStoreDB when EVENTSTOREDB_URL is set,
 * otherwise PostgreSQL on the given pool. Every store the platform runs knows the domain's event
 * types (domain/registry.ts): data is validated on append and on read, older versions upcast.
 */
import type { Pool } from 'pg';
import { domainEventTypes } from '../../domain/registry';
import type { Config } from '../config';
import type { EventStore } from './port';
import { createPostgresEventStore } from './postgres';
import { createEventStoreDbStore } from './eventstoredb';

export function createEventStore(config: Pick<Config, 'EVENTSTOREDB_URL'>, pool: Pool): EventStore {
  const types = domainEventTypes();
  if (config.EVENTSTOREDB_URL) return createEventStoreDbStore(config.EVENTSTOREDB_URL, types);
  return createPostgresEventStore(pool, types);
}
