/**
 * The audit trail's filter arguments, checked before any query: bounded lists, names in the shape
 * event types and stream categories have, a date range that runs forwards. Ids may be global ids.
 */
import { z } from 'zod';
import { fieldErrorsOf, ValidationError } from '../../domain/shared/errors';
import { zodMessage as zm, type Message } from '../../domain/shared/i18n';
import { commonMessages, fieldMessages } from '../../domain/shared/messages';
import type { BreadcrumbFilter } from '../../projections/audit';
import { anyIdOf } from '../relay';
import { auditMessages as m } from './messages';

const MAX_VALUES = 50;

function listOf(label: Message, item: z.ZodString) {
  return z.array(item, { error: zm(fieldMessages.notList({ label })) })
    .max(MAX_VALUES, { error: zm(fieldMessages.tooManyEntries({ label, max: MAX_VALUES })) }).nullish();
}

const invalid = zm(commonMessages.invalidValue);
const id = z.string().trim().min(1, { error: invalid }).max(200, { error: invalid }).transform(anyIdOf);

const filterSchema = z.object({
  actorUserIds: listOf(m.actors, z.string().trim().min(1, { error: invalid }).max(200, { error: invalid })).transform((ids) => ids?.map(anyIdOf)),
  eventTypes: listOf(m.actions, z.string().regex(/^[A-Z][A-Za-z0-9]{0,99}$/, { error: invalid })),
  targetType: z.string().regex(/^[a-z][a-z0-9_]{0,49}$/, { error: invalid }).nullish(),
  targetId: id.nullish(),
  from: z.string().nullish(),
  to: z.string().nullish(),
  runId: id.nullish(),
}).refine((f) => !f.from || !f.to || Date.parse(f.from) < Date.parse(f.to), { path: ['to'], error: zm(m.rangeBackwards) });

type FilterInput = { [K in keyof BreadcrumbFilter]?: BreadcrumbFilter[K] | readonly string[] | null };

/** The filter as the projection's queries take it; BAD_USER_INPUT naming `filter.<field>` otherwise. */
export function parseFilter(input: FilterInput | null | undefined, targetId?: string | null): BreadcrumbFilter {
  const parsed = filterSchema.safeParse({ ...input, ...(targetId ? { targetId } : {}) });
  if (!parsed.success) throw ValidationError.forFields(fieldErrorsOf(parsed.error.issues, ['filter']));
  return parsed.data;
}
