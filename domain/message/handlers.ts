/**
 * The Message command handlers the command bus runs. A message's tenant is the one it was recorded
 * with (null for platform messages), so no later command can move it.
 */
import type { CommandHandler } from '../shared/decider';
import {
  abandonMessageInput, beginDeliveryAttemptInput, keepMessageInOutboxInput, recordDeliveryFailureInput,
  recordDeliveryUncertainInput, recordMessageBouncedInput, recordMessageInput, recordMessageSentInput, type MessageCommand,
} from './commands';
import { decide } from './decide';
import type { MessageEvent } from './events';
import { messageAggregate, type MessageState } from './state';

type Data<T extends MessageCommand['type']> = Extract<MessageCommand, { type: T }>['data'];
type MessageHandler<Input> = CommandHandler<Input, MessageState, MessageEvent>;

const tenantOf = (state: MessageState): string | null => (state.status === 'NONE' ? null : state.message.ecosystemId);

function handler<T extends MessageCommand['type']>(type: T, input: MessageHandler<Data<T>>['input']): MessageHandler<Data<T>> {
  return {
    type,
    input,
    aggregate: messageAggregate,
    aggregateId: (data) => data.messageId,
    ecosystemId: (_data, state) => tenantOf(state),
    decide: (data, state) => decide({ type, data } as Extract<MessageCommand, { type: T }>, state),
  };
}

export const recordMessage: MessageHandler<Data<'RecordMessage'>> = { ...handler('RecordMessage', recordMessageInput), createsStream: true };
export const beginDeliveryAttempt = handler('BeginDeliveryAttempt', beginDeliveryAttemptInput);
export const recordMessageSent = handler('RecordMessageSent', recordMessageSentInput);
export const recordDeliveryFailure = handler('RecordDeliveryFailure', recordDeliveryFailureInput);
export const recordDeliveryUncertain = handler('RecordDeliveryUncertain', recordDeliveryUncertainInput);
export const keepMessageInOutbox = handler('KeepMessageInOutbox', keepMessageInOutboxInput);
export const abandonMessage = handler('AbandonMessage', abandonMessageInput);
export const recordMessageBounced = handler('RecordMessageBounced', recordMessageBouncedInput);
