/**
 * The form of what people type into the log-in and link forms, checked before any lookup: an e-mail
 * address that is not one (SPEC section 3: non-empty, an e-mail pattern) or an id that is not one
 * cannot name an account or an ecosystem, so refusing it with BAD_USER_INPUT reveals nothing, and
 * the reader learns their mistake instead of reading "invalid email or password".
 */
import { z } from 'zod';
import { isUuid } from '../../domain/shared/ids';
import { zodMessage } from '../../domain/shared/i18n';
import { emailSchema } from '../../domain/user/commands';
import { userMessages } from '../../domain/user/messages';
import { apiMessages } from '../i18n/messages';
import { idOf } from '../relay';

/** An e-mail address as typed (the value is kept; lookups normalise it themselves). */
export const typedAddress = z.string().max(320).refine((v) => emailSchema.safeParse(v).success, { error: zodMessage(userMessages.invalidEmail) });

/** A raw uuid or a global id of `type`. */
export function typedId(type: string) {
  return z.string().max(200).refine((v) => isUuid(idOf(type, v)), { error: zodMessage(apiMessages.invalidGlobalId) });
}
