/**
 * Sign-up leads (docs/decisions/0045): a person an admin (or an import) expects to sign up, with
 * what is known of them, behind a ticket link (/su/h/:ticketId) that opens the sign-up pre-filled.
 * The ticket is a bearer secret: the stream is `signuplead-<sha256(ticket)>`, so the ticket itself
 * is stored nowhere and looking one up needs no read model. A lead is used once, and expires.
 */
import { z } from 'zod';
import type { Aggregate, CommandHandler } from '../../shared/decider';
import { IllegalStateError, NotFoundError } from '../../shared/errors';
import { optionalPhone, optionalText, text } from '../../ecosystem/fields';
import { emailSchema } from '../../user/commands';
import { CLIENT_PROFILE_TYPES } from '../../user/profile/fields';
import { sha256Hex } from '../../user/sha256';
import { APPLICANT_TYPES } from '../events';
import { leadLabels as L, leadMessages as m } from './messages';

export const signupLeadCreatedSchema = z.object({
  leadId: z.uuid(),
  ecosystemId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  applicantType: z.enum(APPLICANT_TYPES),
  clientProfileType: z.enum(CLIENT_PROFILE_TYPES).nullable(),
  subject: z.string().nullable(),
  leadSource: z.string().nullable(),
  expiresAt: z.string(),
});
export const signupLeadUsedSchema = z.object({ leadId: z.uuid(), userId: z.uuid() });

export type SignupLeadCreated = { type: 'SignupLeadCreated'; data: z.infer<typeof signupLeadCreatedSchema> };
export type SignupLeadUsed = { type: 'SignupLeadUsed'; data: z.infer<typeof signupLeadUsedSchema> };
export type SignupLeadEvent = SignupLeadCreated | SignupLeadUsed;

export type LeadRecord = { status: 'OPEN' | 'USED' } & z.infer<typeof signupLeadCreatedSchema>;
export type SignupLeadState = { status: 'NONE' } | LeadRecord;

export function evolve(state: SignupLeadState, event: SignupLeadEvent): SignupLeadState {
  if (event.type === 'SignupLeadCreated') return { status: 'OPEN', ...event.data };
  return state.status === 'NONE' ? state : { ...state, status: 'USED' };
}

export const signupLeadAggregate: Aggregate<SignupLeadState, SignupLeadEvent> = {
  category: 'signuplead',
  initialState: { status: 'NONE' },
  evolve,
  eventSchemas: { SignupLeadCreated: signupLeadCreatedSchema, SignupLeadUsed: signupLeadUsedSchema },
};

/** The stream id of a ticket: its SHA-256, so the ticket is never stored. */
export function leadKey(ticketId: string): string {
  return sha256Hex(`signup-ticket:${ticketId}`);
}

export const createSignupLeadInput = z.object({
  ticketId: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/),
  leadId: z.uuid(),
  ecosystemId: z.uuid(),
  firstName: text(L.firstName, 100),
  lastName: text(L.lastName, 100),
  email: emailSchema,
  phoneNumber: optionalPhone(L.phoneNumber).default(null),
  applicantType: z.enum(APPLICANT_TYPES).default('PARENT'),
  clientProfileType: z.enum(CLIENT_PROFILE_TYPES).nullable().default(null),
  subject: optionalText(L.subject, 120).default(null),
  leadSource: optionalText(L.leadSource, 120).default(null),
  expiresAt: z.iso.datetime(),
});
export type CreateSignupLeadInput = z.infer<typeof createSignupLeadInput>;

export const useSignupLeadInput = z.object({ ticketId: z.string().min(1).max(64), userId: z.uuid() });
export type UseSignupLeadInput = z.infer<typeof useSignupLeadInput>;

/** Whether a ticket can still open a sign-up at `now`. */
export function isUsable(state: SignupLeadState, now: string): state is LeadRecord {
  return state.status === 'OPEN' && state.expiresAt > now;
}

export const createSignupLead: CommandHandler<CreateSignupLeadInput, SignupLeadState, SignupLeadEvent> = {
  type: 'CreateSignupLead',
  input: createSignupLeadInput,
  aggregate: signupLeadAggregate,
  aggregateId: (input) => leadKey(input.ticketId),
  ecosystemId: (input) => input.ecosystemId,
  createsStream: true,
  decide: (input, state) => {
    if (state.status !== 'NONE') throw new IllegalStateError(m.exists, 'LEAD_EXISTS');
    const { ticketId: _ticket, ...data } = input;
    return [{ type: 'SignupLeadCreated', data }];
  },
};

export const useSignupLead: CommandHandler<UseSignupLeadInput, SignupLeadState, SignupLeadEvent> = {
  type: 'UseSignupLead',
  input: useSignupLeadInput,
  aggregate: signupLeadAggregate,
  aggregateId: (input) => leadKey(input.ticketId),
  ecosystemId: (_input, state) => (state.status === 'NONE' ? null : state.ecosystemId),
  decide: (input, state, ctx) => {
    if (!isUsable(state, ctx.now)) throw new NotFoundError(m.invalid);
    return [{ type: 'SignupLeadUsed', data: { leadId: state.leadId, userId: input.userId } }];
  },
};
