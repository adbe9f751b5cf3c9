/**
 * The delivery activities under any interleaving of workers (fast-check's scheduler decides the
 * order of every database call and send): a retried activity, a pg-boss run re-run while the first
 * still runs, a worker that dies between sending and recording. Whatever happens, the transport is
 * handed the message at most once except after a failure it reported as definitely not delivered,
 * and the message always ends.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordMessage } from '../../domain/message/handlers';
import { messageAggregate, type MessageState } from '../../domain/message/state';
import type { MessageEvent } from '../../domain/message/events';
import { fold } from '../../domain/shared/decider';
import { DeliveryError, type Transports } from '../../infra/mail/port';
import type { CommandDispatcher } from '../dispatch';
import { MemoryBus } from '../testing/memory-bus';
import { createMessageActivities, DELIVERY_ACTOR } from './activities';

const messageId = '0d5e7f3a-9b1c-4e2d-8f6a-3b4c5d6e7f80';
type Outcome = 'ok' | 'transient' | 'permanent' | 'uncertain' | 'crash';
const NOT_DELIVERED: readonly Outcome[] = ['transient', 'permanent'];

async function record(bus: MemoryBus): Promise<void> {
  await bus.dispatch(recordMessage, {
    messageId, ecosystemId: null, channel: 'EMAIL', kind: 'TEST', language: 'en', to: 'a@example.org', recipientUserId: null,
    subject: 'Test', text: 'Hello', html: '<p>Hello</p>', idempotencyKey: 'k',
  }, { actor: DELIVERY_ACTOR, commandId: 'record' });
}

describe('message delivery under concurrency and crashes', () => {
  it('never hands a message over twice unless the transport said it was not delivered, and always ends it', async () => {
    await fc.assert(fc.asyncProperty(
      fc.scheduler(),
      fc.array(fc.constantFrom<Outcome>('ok', 'transient', 'permanent', 'uncertain', 'crash'), { minLength: 1, maxLength: 6 }),
      fc.array(fc.boolean(), { maxLength: 6 }),
      fc.integer({ min: 1, max: 3 }),
      async (s, outcomeList, lostRecordList, workers) => {
        // Copies: the generated values stay as they were, for the counterexample's report.
        const outcomes = [...outcomeList];
        const lostRecords = [...lostRecordList];
        const bus = new MemoryBus();
        await record(bus);
        const calls: Outcome[] = [];
        const tick = () => s.schedule(Promise.resolve());
        // Every database call and every send yields to the scheduler; a lost record is a worker dying after the send.
        const dispatcher: CommandDispatcher = {
          async dispatch(handler, input, options) {
            await tick();
            if (handler.type === 'RecordMessageSent' && lostRecords.shift()) throw new Error('The worker died.');
            return bus.dispatch(handler, input, options);
          },
        };
        const transports: Transports = {
          text: null,
          mail: {
            kind: 'smtp',
            async send() {
              await tick();
              const outcome = outcomes.shift() ?? 'ok';
              calls.push(outcome);
              if (outcome === 'crash') throw new Error('socket hang up');
              if (outcome !== 'ok') throw new DeliveryError(`SMTP ${outcome}`, outcome);
              return { providerMessageId: '250 OK' };
            },
            async close() {},
          },
        };
        const load = async (): Promise<MessageState> => {
          await tick();
          return fold(messageAggregate, bus.stream(`message-${messageId}`) as unknown as MessageEvent[]);
        };
        const acts = createMessageActivities({ bus: dispatcher, loadMessage: load, transports });
        // One run as an engine drives it: up to three attempts, then give up.
        const run = async () => {
          for (let attempt = 0; attempt < 3; attempt++) {
            try {
              await acts.deliverMessage({ messageId });
              return;
            } catch {
              // The engine retries.
            }
          }
          await acts.abandonMessage({ messageId });
        };
        await s.waitFor(Promise.all(Array.from({ length: workers }, run)));
        await s.waitAll();

        const maybeDelivered = calls.filter((c) => !NOT_DELIVERED.includes(c));
        expect(maybeDelivered.length).toBeLessThanOrEqual(1);
        const ending = load();
        await s.waitAll();
        const end = await ending;
        expect(['SENT', 'FAILED', 'UNCERTAIN']).toContain(end.status);
        if (end.status === 'SENT') expect(calls).toContain('ok');
      },
    ), { numRuns: 500 });
  });
});
