/** The invitation mutations' arguments, checked before anything is read or written. */
import { z } from 'zod';
import { isLanguageTag, messageLanguageOf } from '../../domain/message/kinds';
import { messageMessages } from '../../domain/message/messages';
import { invitationMessages } from '../../domain/invitation/messages';
import { fieldErrorsOf, ValidationError } from '../../domain/shared/errors';
import { zodMessage as zm } from '../../domain/shared/i18n';
import { emailSchema, nameSchema } from '../../domain/user/commands';
import { grantableRoleSchema, isProgramRole } from '../../domain/user/events';
import type { InviteUserInput } from '../__generated__/resolvers';
import { MAX_PASSWORD_LENGTH } from '../auth/password';
import type { Locale } from '../i18n/locale';
import { uuidArg } from '../tenants/access';
import type { Invitee } from './invite';

const roleSchema = z.string().transform((v) => v.trim().toUpperCase()).pipe(z.enum(grantableRoleSchema.options, { error: zm(invitationMessages.roleUnknown) }));

/** The person and role of one invitation; field errors under `prefix` (input.email, or a CSV row's column). */
export function parseInvitee(raw: { email: unknown; firstName: unknown; lastName: unknown; role: unknown }, prefix: string[]) {
  const parsed = z.object({ email: emailSchema, firstName: nameSchema, lastName: nameSchema, role: roleSchema }).safeParse(raw);
  if (!parsed.success) return { ok: false as const, fields: fieldErrorsOf(parsed.error.issues, prefix) };
  return { ok: true as const, value: parsed.data };
}

export function inviteeOf(input: InviteUserInput, locale: Locale): Invitee {
  const ecosystemId = uuidArg('Ecosystem', input.ecosystemId, 'input.ecosystemId');
  if (input.language && !isLanguageTag(input.language)) throw ValidationError.forField('input.language', messageMessages.languageNotValid);
  const programId = input.programId ? uuidArg('Program', input.programId, 'input.programId') : null;
  const parsed = parseInvitee(input, ['input']);
  if (!parsed.ok) throw ValidationError.forFields(parsed.fields);
  const { role } = parsed.value;
  if (isProgramRole(role) !== (programId !== null)) {
    throw ValidationError.forField('input.programId', invitationMessages.programRoleNeedsProgram);
  }
  return { ...parsed.value, ecosystemId, programId, language: input.language ? messageLanguageOf(input.language) : locale };
}

/** Longer than any acceptable password: refused before any look-up, like loginPaas's input. */
export const activationInput = z.object({
  token: z.string().max(200),
  password: z.string().max(MAX_PASSWORD_LENGTH * 4),
  confirmPassword: z.string().max(MAX_PASSWORD_LENGTH * 4),
});
