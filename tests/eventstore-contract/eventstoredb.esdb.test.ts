/**
 * The contract against EventStoreDB / KurrentDB. vitest.config.ts includes *.esdb.test.ts files
 * only when EVENTSTOREDB_URL is set (for example esdb://localhost:2113?tls=false), so a plain run
 * has no skipped tests. Every test writes to streams of its own: the server may hold other data.
 */
import { createEventStoreDbStore } from '../../infra/eventstore/eventstoredb';
import { describeEventStoreContract } from './contract';

const url = process.env.EVENTSTOREDB_URL;
if (!url) throw new Error('eventstoredb.esdb.test.ts needs EVENTSTOREDB_URL (vitest.config.ts includes it only then)');

describeEventStoreContract('EventStoreDB', async (types) => {
  const store = createEventStoreDbStore(url, types);
  return { store, cleanup: () => store.close() };
});
