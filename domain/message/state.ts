/**
 * One message folded from its events. QUEUED waits for (another) attempt; SENDING has an attempt
 * under way, owned by the worker holding `token`; the rest are ends: SENT, OUTBOX (no transport for
 * its channel), FAILED (refused for good, or out of retries) and UNCERTAIN (an attempt's worker
 * vanished mid-send: it may have gone out, so it is not sent again); BOUNCED is a sent (or uncertain)
 * message reported undelivered afterwards (decision 0077).
 */
import type { Aggregate } from '../shared/decider';
import { messageEventSchemas, type MessageEvent, type MessageRecorded, type MessageTransportKind } from './events';

export type MessageStatus = 'QUEUED' | 'SENDING' | 'SENT' | 'OUTBOX' | 'FAILED' | 'UNCERTAIN' | 'BOUNCED';
export const FINAL_MESSAGE_STATUSES: readonly MessageStatus[] = ['SENT', 'OUTBOX', 'FAILED', 'UNCERTAIN', 'BOUNCED'];

export interface MessageInfo {
  message: MessageRecorded['data'];
  /** Attempts begun so far. */
  attempts: number;
  lastError: string | null;
}

export type MessageState =
  | { status: 'NONE' }
  | ({ status: 'QUEUED' | 'OUTBOX' | 'FAILED' } & MessageInfo)
  | ({ status: 'SENDING'; token: string; transport: MessageTransportKind } & MessageInfo)
  | ({ status: 'SENT'; providerMessageId: string | null } & MessageInfo)
  | ({ status: 'UNCERTAIN' } & MessageInfo)
  | ({ status: 'BOUNCED'; bounceReason: string | null } & MessageInfo);

export type ExistingMessage = Exclude<MessageState, { status: 'NONE' }>;

function info(state: ExistingMessage): MessageInfo {
  return { message: state.message, attempts: state.attempts, lastError: state.lastError };
}

export function evolveMessage(state: MessageState, event: MessageEvent): MessageState {
  if (event.type === 'MessageRecorded') return { status: 'QUEUED', message: event.data, attempts: 0, lastError: null };
  if (state.status === 'NONE') return state;
  const base = info(state);
  switch (event.type) {
    case 'MessageDeliveryAttempted':
      return { ...base, status: 'SENDING', attempts: event.data.attempt, token: event.data.token, transport: event.data.transport };
    case 'MessageSent':
      return { ...base, status: 'SENT', providerMessageId: event.data.providerMessageId };
    case 'MessageDeliveryFailed':
      return { ...base, status: event.data.permanent ? 'FAILED' : 'QUEUED', lastError: event.data.error };
    case 'MessageDeliveryUncertain':
      return { ...base, status: 'UNCERTAIN' };
    case 'MessageKeptInOutbox':
      return { ...base, status: 'OUTBOX' };
    case 'MessageAbandoned':
      return { ...base, status: 'FAILED', lastError: event.data.error };
    case 'MessageBounced':
      return { ...base, status: 'BOUNCED', bounceReason: event.data.reason };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const messageAggregate: Aggregate<MessageState, MessageEvent> = {
  category: 'message',
  initialState: { status: 'NONE' },
  evolve: evolveMessage,
  eventSchemas: messageEventSchemas,
};
