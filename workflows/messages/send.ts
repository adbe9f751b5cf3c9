/**
 * Sending a message (docs/decisions/0036, 0037): render it from its kind's template in the
 * recipient's language, record it as an event, and start its delivery workflow. The message id
 * derives from the sender's idempotency key (and tenant), so the same key never records or sends
 * a second message: the record is answered from the log, and the workflow id is taken.
 *
 * Every sender uses this: invitations, verification, password reset, log-in links and MFA codes
 * now; issue 9's notification reactor later.
 */
import { z } from 'zod';
import type { recordMessageInput } from '../../domain/message/commands';
import { recordMessage } from '../../domain/message/handlers';
import type { MessageAttachment, MessageChannel, MessageLanguage } from '../../domain/message/events';
import type { MessageKind } from '../../domain/message/kinds';
import { messageMessages } from '../../domain/message/messages';
import type { MessageState } from '../../domain/message/state';
import { renderMessage, type BrandInput, type TemplateParams } from '../../domain/message/templates';
import { ValidationError } from '../../domain/shared/errors';
import type { Actor, Position } from '../../domain/shared/events';
import { userMessages } from '../../domain/user/messages';
import { messageWorkflowId, type WorkflowEngine } from '../engine/port';
import type { DispatchOptions } from '../dispatch';
import type { CommandHandler, DomainEvent } from '../../domain/shared/decider';
import { deterministicUuid } from '../ids';
import { messageCommandId } from './activities';

export interface SendMessageRequest<K extends MessageKind> {
  /** The tenant the message is about; null for platform messages. */
  ecosystemId: string | null;
  channel: MessageChannel;
  kind: K;
  /** The recipient's language (messageLanguageOf maps stored preferences such as `sp`). */
  language: MessageLanguage;
  to: string;
  recipientUserId: string | null;
  params: TemplateParams[K];
  /** The ecosystem's name and terms (absent for platform messages). */
  brand: BrandInput;
  /** The same key is the same message: chosen by the sender from what it is about (e.g. `invite/<inviteId>`). */
  idempotencyKey: string;
  /** E-mail only: files sent with it. */
  attachments?: MessageAttachment[];
  /** E-mail only: the page that turns this kind of message off (the List-Unsubscribe header, decision 0072). */
  listUnsubscribe?: string;
}

export interface RecordOutcome {
  state: MessageState;
  replayed: boolean;
  position: Position | null;
}

/**
 * Dispatches RecordMessage (domain/message/handlers) with this command id: the command bus from a
 * workflow (`recordThroughBus`), `ctx.execute` from a resolver (which also waits for the outbox).
 */
export type RecordMessage = (input: z.input<typeof recordMessageInput>, commandId: string) => Promise<RecordOutcome>;

export interface SendDeps {
  record: RecordMessage;
  engine: Pick<WorkflowEngine, 'startWorkflow'>;
}

/** `record` over the command bus, as the sender's actor. */
export function recordThroughBus(bus: AnsweringDispatcher, actor: Actor, correlationId?: string): RecordMessage {
  return async (input, commandId) => {
    const r = await bus.dispatch(recordMessage, input, { actor, commandId, correlationId: correlationId ?? input.messageId });
    return { state: r.state, replayed: r.replayed, position: r.position };
  };
}

/** The part of the command bus (infra/commandbus.ts) `recordThroughBus` needs. */
export interface AnsweringDispatcher {
  dispatch<I, S, E extends DomainEvent>(handler: CommandHandler<I, S, E>, input: unknown, options: DispatchOptions):
    Promise<{ state: S; replayed: boolean; position: Position | null }>;
}

export interface SentMessage {
  messageId: string;
  state: MessageState;
  /** False when this key's message existed already (recorded and started before). */
  recorded: boolean;
  position: Position | null;
}

const email = z.email();
const phone = /^\+[1-9]\d{6,14}$/;

export function messageIdFor(ecosystemId: string | null, idempotencyKey: string): string {
  return deterministicUuid(`message/${ecosystemId ?? 'platform'}/${idempotencyKey}`);
}

function checkRecipient(channel: MessageChannel, to: string): string {
  const value = to.trim();
  if (channel === 'EMAIL' && !email.safeParse(value).success) throw ValidationError.forField('to', userMessages.invalidEmail);
  if (channel === 'SMS' && !phone.test(value)) throw ValidationError.forField('to', messageMessages.invalidPhone);
  return channel === 'EMAIL' ? value.toLowerCase() : value;
}

/** The RecordMessage input of a request: rendered in its language, the recipient checked, the id derived from the key. */
export function messageRecordOf<K extends MessageKind>(request: SendMessageRequest<K>): z.input<typeof recordMessageInput> {
  const to = checkRecipient(request.channel, request.to);
  const rendered = renderMessage({ kind: request.kind, channel: request.channel, language: request.language, params: request.params, brand: request.brand });
  const messageId = messageIdFor(request.ecosystemId, request.idempotencyKey);
  return {
    messageId, ecosystemId: request.ecosystemId, channel: request.channel, kind: request.kind, language: request.language, to,
    recipientUserId: request.recipientUserId, subject: rendered.subject, text: rendered.text, html: rendered.html,
    idempotencyKey: request.idempotencyKey,
    ...(request.attachments && request.channel === 'EMAIL' ? { attachments: request.attachments } : {}),
    ...(request.listUnsubscribe && request.channel === 'EMAIL' ? { listUnsubscribe: request.listUnsubscribe } : {}),
  };
}

export async function sendMessage<K extends MessageKind>(deps: SendDeps, request: SendMessageRequest<K>): Promise<SentMessage> {
  const input = messageRecordOf(request);
  const { messageId } = input;
  const result = await deps.record(input, messageCommandId(messageId, 'record'));
  // Started again on a repeat too: a sender that died between recording and starting left it unstarted, and a started one is not started twice.
  await deps.engine.startWorkflow('deliverMessage', messageWorkflowId(messageId), { messageId });
  return { messageId, state: result.state, recorded: !result.replayed, position: result.position };
}
