/**
 * The contract against the EventStoreDB adapter over an in-memory fake of the client (fake-esdb.ts):
 * exercises the adapter's mapping, paging, filtering and closing wherever no server is available.
 */
import { createEventStoreDbStore } from '../../infra/eventstore/eventstoredb';
import { describeEventStoreContract } from './contract';
import { createFakeEsdb } from './fake-esdb';

describeEventStoreContract('EventStoreDB adapter over a fake client', async () => {
  const store = createEventStoreDbStore(createFakeEsdb());
  return { store, cleanup: () => store.close() };
});
