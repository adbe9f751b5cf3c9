/**
 * The message pipeline on a test database: the real command bus and event store, every
 * projection, the real delivery activities over the given transports, and pg-boss with quick
 * retries. `faults.failRecordSent` makes that many RecordMessageSent dispatches fail, as a worker
 * that dies right after the transport took the message.
 */
import { randomUUID } from 'node:crypto';
import type { MessageKind } from '../../domain/message/kinds';
import { messageAggregate } from '../../domain/message/state';
import type { Actor } from '../../domain/shared/events';
import { CommandBus } from '../../infra/commandbus';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { Transports } from '../../infra/mail/port';
import { allProjections } from '../../projections/registry';
import { ProjectionRunner } from '../../projections/runner';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { createActivities, type Activities } from '../activities';
import type { CommandDispatcher } from '../dispatch';
import { PgBossWorkflowEngine } from '../engine/pgboss';
import type { WorkflowEngine } from '../engine/port';
import { recordThroughBus, sendMessage, type SendMessageRequest, type SentMessage } from '../messages/send';

export const sender: Actor = { userId: '3c1f6a0e-2b4d-4e8f-9a7b-5c6d7e8f9a0b', role: 'PLATFORM_ADMIN' };

export interface MessageRow {
  status: string;
  attempts: number;
  transport: string | null;
  last_error: string | null;
}

export interface MessagingHarness {
  db: TestDatabase;
  faults: { failRecordSent: number };
  send<K extends MessageKind>(request: Omit<SendMessageRequest<K>, 'idempotencyKey'> & { idempotencyKey?: string }): Promise<SentMessage>;
  /** Waits until the outbox shows the message in one of `statuses`. */
  settled(messageId: string, statuses?: readonly string[]): Promise<MessageRow>;
  eventTypes(messageId: string): Promise<string[]>;
  stop(): Promise<void>;
}

const quickRetries = { startToCloseMs: 10_000, retry: { initialIntervalMs: 100, backoffCoefficient: 2, maximumIntervalMs: 400, maximumAttempts: 3 } };
const FINAL = ['SENT', 'OUTBOX', 'FAILED', 'UNCERTAIN', 'BOUNCED'];

/** pg-boss with retries in milliseconds, so that the back-off tests take a second, not minutes. */
export function quickPgBoss(activities: Activities, databaseUrl: string): WorkflowEngine {
  return new PgBossWorkflowEngine({
    connectionString: databaseUrl, activities, pollingIntervalSeconds: 0.5, activityProfile: quickRetries, log: () => undefined, shutdownGraceMs: 300, runRetryDelaySeconds: 1,
  });
}

export async function startMessagingHarness(
  transports: Transports, makeEngine: (activities: Activities, databaseUrl: string) => WorkflowEngine = quickPgBoss,
): Promise<MessagingHarness> {
  const db = await createTestDatabase();
  const store = createPostgresEventStore(db.ownerPool);
  const bus = new CommandBus(store);
  const runner = new ProjectionRunner(db.ownerPool, store, allProjections(), { pollIntervalMs: 20, onError: () => undefined });
  await runner.start();
  const faults = { failRecordSent: 0 };
  const faulty: CommandDispatcher = {
    dispatch: (handler, input, options) => {
      if (handler.type === 'RecordMessageSent' && faults.failRecordSent > 0) {
        faults.failRecordSent -= 1;
        return Promise.reject(new Error('The worker died before recording the send.'));
      }
      return bus.dispatch(handler, input, options);
    },
  };
  const activities = createActivities({ bus, delivery: { bus: faulty, loadMessage: (id) => bus.load(messageAggregate, id), transports } });
  const engine = makeEngine(activities, db.url);
  await engine.start();
  return {
    db,
    faults,
    send: (request) => sendMessage({ record: recordThroughBus(bus, sender), engine }, { ...request, idempotencyKey: request.idempotencyKey ?? randomUUID() }),
    async settled(messageId, statuses = FINAL) {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const r = await db.ownerPool.query<MessageRow>('SELECT status, attempts, transport, last_error FROM read.messages WHERE id = $1', [messageId]);
        if (r.rows[0] && statuses.includes(r.rows[0].status)) return r.rows[0];
        if (Date.now() > deadline) throw new Error(`message ${messageId} did not reach ${statuses.join('/')}: ${JSON.stringify(r.rows[0])}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async eventTypes(messageId) {
      const events = await store.readStream(`message-${messageId}`);
      return events.map((e) => e.type);
    },
    async stop() {
      await engine.stop();
      await runner.stop();
      await store.close();
      await db.drop();
    },
  };
}
