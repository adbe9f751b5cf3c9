/**
 * Time zones are IANA ids (spec: "Unknown timezone shows INVALID TIMEZONE"). The runtime's own
 * time-zone database decides which ids exist, so an id the clients cannot show is refused here.
 * Intl is pure computation (no I/O), so the domain may use it.
 */
import { z } from 'zod';
import { zodMessage as zm, type Message } from '../../shared/i18n';
import { userMessages } from '../messages';

const SHAPE = /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/;

export function isIanaTimeZone(id: string): boolean {
  if (!SHAPE.test(id)) return false;
  try {
    // A RangeError is how the runtime answers an id it does not know: that is the answer, not a failure.
    new Intl.DateTimeFormat('en-US', { timeZone: id });
    return true;
  } catch (err) {
    if (err instanceof RangeError) return false;
    throw err;
  }
}

export function timeZoneIdSchema(label: Message) {
  return z.string({ error: zm(userMessages.timeZoneRequired({ label })) }).trim()
    .refine(isIanaTimeZone, { error: zm(userMessages.timeZoneUnknown({ label })) });
}
