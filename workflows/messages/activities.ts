/**
 * Delivery of one recorded message (docs/decisions/0036). Each attempt is recorded before the
 * transport is called and its outcome after, all through Message commands, so:
 * - a retry after a transient failure makes the next attempt;
 * - a run that finds an attempt begun and never ended (its worker died, or still hangs past its
 *   timeout) records it UNCERTAIN and sends nothing: it may already have gone out;
 * - two runs at once cannot both send: the attempt belongs to the token the log recorded first.
 * A channel with no transport keeps the message in the outbox.
 */
import { randomUUID } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/common';
import type { CommandHandler, DomainEvent } from '../../domain/shared/decider';
import type { Actor } from '../../domain/shared/events';
import {
  abandonMessage, beginDeliveryAttempt, keepMessageInOutbox, recordDeliveryFailure, recordDeliveryUncertain, recordMessageSent,
} from '../../domain/message/handlers';
import type { MessageInfo, MessageState, MessageStatus } from '../../domain/message/state';
import type { MessageRecorded } from '../../domain/message/events';
import { DeliveryError, type Delivered, type Transports } from '../../infra/mail/port';
import { toActivityFailure, type CommandDispatcher } from '../dispatch';
import type { DeliverMessageArgs } from '../engine/port';
import { deterministicUuid } from '../ids';

/** The platform sends messages; breadcrumbs of a delivery name no person. */
export const DELIVERY_ACTOR: Actor = { userId: '00000000-0000-0000-0000-000000000000', role: 'SYSTEM' };

export interface MessageDeliveryDeps {
  bus: CommandDispatcher;
  /** The message as its stream says now (the command bus's `load`). */
  loadMessage(messageId: string): Promise<MessageState>;
  transports: Transports;
  clock?: () => Date;
  /** Names this worker's attempt; random by default. */
  newToken?: () => string;
}

export interface DeliveryOutcome {
  status: MessageStatus;
}

/** A transient failure, thrown so that the engine retries the activity after its back-off. */
export class TransientDeliveryError extends Error {
  override name = 'TransientDeliveryError';
}

export function messageCommandId(messageId: string, step: string): string {
  return deterministicUuid(`message/${messageId}/${step}`);
}

type Send = <I, S, E extends DomainEvent>(step: string, handler: CommandHandler<I, S, E>, input: I) => Promise<S>;

function senderFor(deps: MessageDeliveryDeps, messageId: string): Send {
  const clock = deps.clock ?? (() => new Date());
  return async (step, handler, input) => {
    try {
      const result = await deps.bus.dispatch(handler, input, {
        actor: DELIVERY_ACTOR, commandId: messageCommandId(messageId, step), correlationId: messageId, now: clock().toISOString(),
      });
      return result.state;
    } catch (err) {
      throw toActivityFailure(err);
    }
  };
}

function transmit(transports: Transports, message: MessageRecorded['data']): Promise<Delivered> | null {
  if (message.channel === 'EMAIL') {
    return transports.mail?.send({
      messageId: message.messageId, to: message.to, subject: message.subject ?? '', text: message.text, html: message.html ?? '',
      language: message.language, kind: message.kind, ...(message.attachments ? { attachments: message.attachments } : {}),
      ...(message.listUnsubscribe ? { listUnsubscribe: message.listUnsubscribe } : {}),
    }) ?? null;
  }
  return transports.text?.send({ messageId: message.messageId, to: message.to, text: message.text }) ?? null;
}

function transportKind(transports: Transports, message: MessageRecorded['data']) {
  return message.channel === 'EMAIL' ? transports.mail?.kind : transports.text?.kind;
}

/** The next attempt of a waiting message (`state` is QUEUED): begin it, send if this worker owns it, then record what happened. */
async function attempt(deps: MessageDeliveryDeps, send: Send, state: MessageInfo): Promise<DeliveryOutcome> {
  const { message } = state;
  const transport = transportKind(deps.transports, message);
  const messageId = message.messageId;
  if (!transport) {
    if (state.attempts === 0) return { status: (await send('outbox', keepMessageInOutbox, { messageId })).status as MessageStatus };
    // Configuration lost the transport between attempts: nothing will send it now.
    return { status: (await send('abandon', abandonMessage, { messageId, error: `No transport is configured for ${message.channel} any more.` })).status as MessageStatus };
  }
  const n = state.attempts + 1;
  const token = (deps.newToken ?? randomUUID)();
  const began = await send(`attempt/${n}`, beginDeliveryAttempt, { messageId, attempt: n, token, transport });
  if (began.status !== 'SENDING' || began.token !== token) return { status: began.status as MessageStatus };

  let delivered: Delivered;
  try {
    const sending = transmit(deps.transports, message);
    if (!sending) throw new DeliveryError('The transport went away.', 'transient');
    delivered = await sending;
  } catch (err) {
    // Only a failure the adapter classified is known not to have sent; anything else may have.
    const failure = err instanceof DeliveryError ? err.failure : 'uncertain';
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 2000) || 'Unknown delivery failure.';
    if (failure === 'uncertain') return { status: (await send(`uncertain/${n}`, recordDeliveryUncertain, { messageId, attempt: n })).status as MessageStatus };
    await send(`failed/${n}`, recordDeliveryFailure, { messageId, attempt: n, error, permanent: failure === 'permanent' });
    if (failure === 'permanent') return { status: 'FAILED' };
    throw new TransientDeliveryError(error);
  }
  return { status: (await send(`sent/${n}`, recordMessageSent, { messageId, attempt: n, providerMessageId: delivered.providerMessageId })).status as MessageStatus };
}

export function createMessageActivities(deps: MessageDeliveryDeps | undefined) {
  const need = (): MessageDeliveryDeps => {
    if (!deps) throw ApplicationFailure.create({ message: 'This worker was started without message delivery.', type: 'ConfigurationError', nonRetryable: true });
    return deps;
  };
  return {
    /** One delivery attempt (retried by the engine on the `delivery` profile while it fails transiently). */
    async deliverMessage(args: DeliverMessageArgs): Promise<DeliveryOutcome> {
      const d = need();
      const state = await d.loadMessage(args.messageId);
      const send = senderFor(d, args.messageId);
      switch (state.status) {
        case 'NONE':
          throw ApplicationFailure.create({ message: `Message ${args.messageId} was never recorded.`, type: 'DomainError', nonRetryable: true });
        case 'QUEUED':
          return attempt(d, send, state);
        case 'SENDING':
          return { status: (await send(`uncertain/${state.attempts}`, recordDeliveryUncertain, { messageId: args.messageId, attempt: state.attempts })).status as MessageStatus };
        default:
          return { status: state.status };
      }
    },

    /**
     * After the last retry: a waiting message is FAILED with the last error it met; one whose last
     * attempt began and never ended (its worker died after sending) is UNCERTAIN, as a retry would find it.
     */
    async abandonMessage(args: DeliverMessageArgs): Promise<DeliveryOutcome> {
      const d = need();
      const state = await d.loadMessage(args.messageId);
      if (state.status === 'SENDING') {
        const after = await senderFor(d, args.messageId)(`uncertain/${state.attempts}`, recordDeliveryUncertain, { messageId: args.messageId, attempt: state.attempts });
        return { status: after.status as MessageStatus };
      }
      if (state.status !== 'QUEUED') return { status: state.status === 'NONE' ? 'FAILED' : state.status };
      const error = `Not delivered after ${state.attempts} attempts: ${state.lastError ?? 'no transport answered'}`.slice(0, 2000);
      const after = await senderFor(d, args.messageId)('abandon', abandonMessage, { messageId: args.messageId, error });
      return { status: after.status as MessageStatus };
    },
  };
}
