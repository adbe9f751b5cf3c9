/** The summary's filters as GraphQL (or the export's query string) sends them, checked and turned into the read model's. */
import { ValidationError } from '../../domain/shared/errors';
import { textProblem } from '../../domain/shared/text';
import { SESSION_TYPES } from '../../domain/session/model';
import {
  SESSION_SUMMARY_SORTS, SUMMARY_STATUSES, type SessionSummaryFilter, type SessionSummarySort, type SummaryStatus,
} from '../../projections/sessions/admin-queries';
import type { AdminSessionFilters } from '../__generated__/resolvers';
import { uuidArg } from '../tenants/access';
import { sessionAdminMessages } from './messages';

const MAX_LIST = 20;
const MAX_TERM = 100;

function list<T>(values: readonly T[] | null | undefined, field: string): readonly T[] | undefined {
  if (!values?.length) return undefined;
  if (values.length > MAX_LIST) throw ValidationError.forField(field, sessionAdminMessages.tooManyValues({ max: MAX_LIST }));
  return values;
}

function known<T extends string>(values: readonly string[] | undefined, allowed: readonly T[], field: string): T[] | undefined {
  values?.forEach((v, i) => {
    if (!allowed.includes(v as T)) throw ValidationError.forField(`${field}.${i}`, sessionAdminMessages.unknownValue({ value: String(v).slice(0, 40) }));
  });
  return values as T[] | undefined;
}

function instant(value: unknown, field: string): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) throw ValidationError.forField(field, sessionAdminMessages.unknownValue({ value: String(value).slice(0, 40) }));
  return date;
}

export function summaryFilter(
  ecosystemId: string, input: AdminSessionFilters | null | undefined, now: Date, field = 'filters',
): { filter: SessionSummaryFilter; sort: SessionSummarySort } {
  const term = input?.searchTerm?.trim() ?? '';
  if (term.length > MAX_TERM) throw ValidationError.forField(`${field}.searchTerm`, sessionAdminMessages.termTooLong({ max: MAX_TERM }));
  if (textProblem(term, { singleLine: true })) throw ValidationError.forField(`${field}.searchTerm`, sessionAdminMessages.termOneLine);
  const sort = input?.sort ?? 'START_DESC';
  if (!SESSION_SUMMARY_SORTS.includes(sort)) throw ValidationError.forField(`${field}.sort`, sessionAdminMessages.unknownSort);
  const from = instant(input?.from, `${field}.from`);
  const to = instant(input?.to, `${field}.to`);
  if (from && to && to < from) throw ValidationError.forField(`${field}.to`, sessionAdminMessages.rangeReversed);
  const programIds = list(input?.programIds, `${field}.programIds`)?.map((id, i) => uuidArg('Program', id, `${field}.programIds.${i}`));
  return {
    filter: {
      ecosystemId,
      now,
      from,
      to,
      programIds,
      statuses: known<SummaryStatus>(list(input?.statuses, `${field}.statuses`), SUMMARY_STATUSES, `${field}.statuses`),
      sessionTypes: known(list(input?.sessionTypes, `${field}.sessionTypes`), SESSION_TYPES, `${field}.sessionTypes`),
      text: term || null,
    },
    sort,
  };
}
