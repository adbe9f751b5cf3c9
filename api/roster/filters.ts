/** The roster's filters as GraphQL sends them, checked and turned into the read model's. */
import { ValidationError } from '../../domain/shared/errors';
import { textProblem } from '../../domain/shared/text';
import { ROSTER_SORTS, type RosterFilter, type RosterSort } from '../../projections/roster';
import type { UserRosterFilters } from '../__generated__/resolvers';
import { uuidArg } from '../tenants/access';
import { rosterMessages } from './messages';

const MAX_LIST = 20;
const MAX_TERM = 100;

function list<T>(values: readonly T[] | null | undefined, field: string): readonly T[] | undefined {
  if (!values?.length) return undefined;
  if (values.length > MAX_LIST) throw ValidationError.forField(field, rosterMessages.tooManyValues({ max: MAX_LIST }));
  return values;
}

export function rosterFilter(ecosystemId: string, input: UserRosterFilters | null | undefined, field = 'selectedFilters'): { filter: RosterFilter; sort: RosterSort } {
  const term = input?.searchTerm?.trim() ?? '';
  if (term.length > MAX_TERM) throw ValidationError.forField(`${field}.searchTerm`, rosterMessages.termTooLong({ max: MAX_TERM }));
  if (textProblem(term, { singleLine: true })) throw ValidationError.forField(`${field}.searchTerm`, rosterMessages.termOneLine);
  const programIds = list(input?.programIds, `${field}.programIds`)?.map((id, i) => uuidArg('Program', id, `${field}.programIds.${i}`));
  const sort = input?.sort ?? 'NAME_ASC';
  if (!ROSTER_SORTS.includes(sort)) throw ValidationError.forField(`${field}.sort`, rosterMessages.unknownSort);
  return {
    filter: {
      ecosystemId,
      roles: list(input?.roles, `${field}.roles`),
      statuses: list(input?.statuses, `${field}.statuses`),
      programIds,
      text: term || null,
    },
    sort,
  };
}
