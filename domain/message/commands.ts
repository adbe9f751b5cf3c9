/** Inputs of the Message commands, validated by the command bus before deciding. */
import { z } from 'zod';
import { messageBouncedSchema, messageRecordedSchema, MESSAGE_TRANSPORTS } from './events';

const messageId = z.uuid();
const attempt = z.number().int().min(1);

export const recordMessageInput = messageRecordedSchema;
export const beginDeliveryAttemptInput = z.object({ messageId, attempt, token: z.uuid(), transport: z.enum(MESSAGE_TRANSPORTS) });
export const recordMessageSentInput = z.object({ messageId, attempt, providerMessageId: z.string().max(500).nullable() });
export const recordDeliveryFailureInput = z.object({ messageId, attempt, error: z.string().min(1).max(2000), permanent: z.boolean() });
export const recordDeliveryUncertainInput = z.object({ messageId, attempt });
export const keepMessageInOutboxInput = z.object({ messageId });
export const abandonMessageInput = z.object({ messageId, error: z.string().min(1).max(2000) });
/** `providerMessageId`: what the report names the message by (Twilio's SID); a report whose id is not the one the send recorded is ignored. */
export const recordMessageBouncedInput = messageBouncedSchema.extend({ reason: z.string().max(2000).nullable(), providerMessageId: z.string().max(500).nullable() });

export type MessageCommand =
  | { type: 'RecordMessage'; data: z.infer<typeof recordMessageInput> }
  | { type: 'BeginDeliveryAttempt'; data: z.infer<typeof beginDeliveryAttemptInput> }
  | { type: 'RecordMessageSent'; data: z.infer<typeof recordMessageSentInput> }
  | { type: 'RecordDeliveryFailure'; data: z.infer<typeof recordDeliveryFailureInput> }
  | { type: 'RecordDeliveryUncertain'; data: z.infer<typeof recordDeliveryUncertainInput> }
  | { type: 'KeepMessageInOutbox'; data: z.infer<typeof keepMessageInOutboxInput> }
  | { type: 'AbandonMessage'; data: z.infer<typeof abandonMessageInput> }
  | { type: 'RecordMessageBounced'; data: z.infer<typeof recordMessageBouncedInput> };
