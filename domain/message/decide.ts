/**
 * What each Message command decides. Delivery commands come from the delivery workflow, which may
 * run twice (a retried activity, a pg-boss run re-run after its expiry): every decision is a
 * no-op unless it fits the state exactly (the right attempt, a message still waiting), and the
 * worker learns from the resulting state whether the attempt is its own.
 */
import type { MessageCommand } from './commands';
import { MESSAGE_BOUNCE_REASON_MAX, type MessageEvent } from './events';
import type { MessageState } from './state';

type Data<T extends MessageCommand['type']> = Extract<MessageCommand, { type: T }>['data'];

/** A second message with the same id (the same idempotency key) is not recorded again: the first stands. */
function recordMessage(data: Data<'RecordMessage'>, state: MessageState): MessageEvent[] {
  return state.status === 'NONE' ? [{ type: 'MessageRecorded', data }] : [];
}

/** Only the next attempt of a waiting message begins; whoever asks second finds it begun by another token. */
function beginDeliveryAttempt(data: Data<'BeginDeliveryAttempt'>, state: MessageState): MessageEvent[] {
  if (state.status !== 'QUEUED' || data.attempt !== state.attempts + 1) return [];
  return [{ type: 'MessageDeliveryAttempted', data }];
}

/** A late report of an attempt a newer one replaced changes nothing; an uncertain attempt that did go out is now known to have. */
function recordMessageSent(data: Data<'RecordMessageSent'>, state: MessageState): MessageEvent[] {
  if ((state.status !== 'SENDING' && state.status !== 'UNCERTAIN') || data.attempt !== state.attempts) return [];
  return [{ type: 'MessageSent', data }];
}

function recordDeliveryFailure(data: Data<'RecordDeliveryFailure'>, state: MessageState): MessageEvent[] {
  if (state.status !== 'SENDING' || data.attempt !== state.attempts) return [];
  return [{ type: 'MessageDeliveryFailed', data }];
}

function recordDeliveryUncertain(data: Data<'RecordDeliveryUncertain'>, state: MessageState): MessageEvent[] {
  if (state.status !== 'SENDING' || data.attempt !== state.attempts) return [];
  return [{ type: 'MessageDeliveryUncertain', data }];
}

/** Only a message no attempt has touched goes to the outbox instead. */
function keepMessageInOutbox(data: Data<'KeepMessageInOutbox'>, state: MessageState): MessageEvent[] {
  return state.status === 'QUEUED' && state.attempts === 0 ? [{ type: 'MessageKeptInOutbox', data }] : [];
}

/** Gives up on a message that waits for a retry; an attempt under way or an end is left as it is. */
function abandonMessage(data: Data<'AbandonMessage'>, state: MessageState): MessageEvent[] {
  return state.status === 'QUEUED' ? [{ type: 'MessageAbandoned', data }] : [];
}

/**
 * A bounce comes after the send (a DSN, Twilio's status callback): only a SENT or UNCERTAIN message
 * can bounce, once (a repeated report records nothing). A report naming a provider id other than the
 * one the send recorded is about another message and changes nothing.
 */
function recordMessageBounced(data: Data<'RecordMessageBounced'>, state: MessageState): MessageEvent[] {
  if (state.status !== 'SENT' && state.status !== 'UNCERTAIN') return [];
  if (data.providerMessageId !== null && state.status === 'SENT' && state.providerMessageId !== null && state.providerMessageId !== data.providerMessageId) return [];
  const reason = data.reason?.trim() ? data.reason.trim().slice(0, MESSAGE_BOUNCE_REASON_MAX) : null;
  return [{ type: 'MessageBounced', data: { messageId: data.messageId, reason, source: data.source } }];
}

export function decide(command: MessageCommand, state: MessageState): MessageEvent[] {
  switch (command.type) {
    case 'RecordMessage': return recordMessage(command.data, state);
    case 'BeginDeliveryAttempt': return beginDeliveryAttempt(command.data, state);
    case 'RecordMessageSent': return recordMessageSent(command.data, state);
    case 'RecordDeliveryFailure': return recordDeliveryFailure(command.data, state);
    case 'RecordDeliveryUncertain': return recordDeliveryUncertain(command.data, state);
    case 'KeepMessageInOutbox': return keepMessageInOutbox(command.data, state);
    case 'AbandonMessage': return abandonMessage(command.data, state);
    case 'RecordMessageBounced': return recordMessageBounced(command.data, state);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
