/**
 * The contract against the EventStoreDB adapter over an in-memory fake of the client (fake-esdb.ts):
 * exercises the adapter's mapping, paging, filtering and closing wherever no server is available.
 */
import { createEventStoreDbStore } from '../../infra/eventstore/eventstoredb';
import { describeEventStoreContract } from './contract';
import { createFakeEsdb } from './fake-esdb';

// One fake server for the file: stores made for the codec tests must see each other's events.
const fake = createFakeEsdb();

describeEventStoreContract('EventStoreDB adapter over a fake client', async (types) => {
  const store = createEventStoreDbStore(fake, types);
  return { store, cleanup: () => store.close() };
});
