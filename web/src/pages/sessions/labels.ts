/**
 * Words for the server's enums. Relay types each enum with a '%future added value'; a value this
 * build does not know yet is shown as the server sent it rather than failing the page.
 */
import type { Translate } from '../../i18n/terms';
import type { SessionTypeName } from './bookingForm';

export const SESSION_TYPES: readonly SessionTypeName[] = ['ONE_ON_ONE', 'GROUP', 'DROP_IN', 'ONE_ON_ONE_BREAKOUT', 'COURSE', 'MODULE'];
const STATUSES = ['UPCOMING', 'PENDING', 'RECENTLY_COMPLETED', 'COMPLETED', 'CANCELLED', 'ERROR'] as const;
const CONFLICTS = ['OVERLAP', 'AVAILABILITY', 'SUPPORTED_HOURS', 'TIME_BUFFER', 'SESSION_INTERVAL', 'SESSION_DURATION', 'ADVANCE_LIMIT', 'MINUTE_LIMIT', 'TUTOR_HOURS_LIMIT'] as const;

function known<T extends string>(all: readonly T[], value: string): value is T {
  return (all as readonly string[]).includes(value);
}

export function sessionTypes(values: readonly string[]): SessionTypeName[] {
  return values.filter((v): v is SessionTypeName => known(SESSION_TYPES, v));
}

export function typeLabel(t: Translate, value: string): string {
  return known(SESSION_TYPES, value) ? t(`sessions.type.${value}`) : value;
}

export function statusLabel(t: Translate, value: string): string {
  return known(STATUSES, value) ? t(`sessions.status.${value}`) : value;
}

export function conflictLabel(t: Translate, value: string): string {
  return known(CONFLICTS, value) ? t(`sessions.conflict.${value}`) : value;
}
