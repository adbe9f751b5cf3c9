/** Reading the arguments of the session lists: bad values answer BAD_USER_INPUT on their field. */
import type { SessionStatus, SessionType } from '../../domain/session/model';
import type { SessionsFilterInput } from '../__generated__/resolvers';
import { userIdArg } from '../people/target';
import { idOf } from '../relay';
import { uuidArg } from '../tenants/access';
import { invalidArgument } from '../tenants/support';
import { isUuid } from '../../domain/shared/ids';
import { commonMessages } from '../../domain/shared/messages';
import { sessionsReadMessages as m } from './messages';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface ListFilter {
  userId: string | null;
  status: SessionStatus;
  from: Date | null;
  to: Date | null;
  programId: string | null;
  sessionTypes: SessionType[] | null;
  pageNumber: number;
  pageSize: number;
}

export function listFilter(input: SessionsFilterInput | null | undefined): ListFilter {
  const i = input ?? {};
  const pageNumber = i.pageNumber ?? 1;
  const pageSize = i.pageSize ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(pageNumber) || pageNumber < 1) throw invalidArgument('input.pageNumber', m.pageNumber);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) throw invalidArgument('input.pageSize', m.pageSize({ max: MAX_PAGE_SIZE }));
  const from = i.from ? new Date(i.from) : null;
  const to = i.to ? new Date(i.to) : null;
  if (from && to && to.getTime() <= from.getTime()) throw invalidArgument('input.to', m.rangeOrder);
  return {
    userId: i.userId ? userIdArg(i.userId, 'input.userId') : null,
    status: i.status ?? 'UPCOMING',
    from, to,
    programId: i.programId ? uuidArg('Program', i.programId, 'input.programId') : null,
    sessionTypes: i.sessionTypes && i.sessionTypes.length > 0 ? [...i.sessionTypes] : null,
    pageNumber, pageSize,
  };
}

/** A session's global or raw id as its UUID. */
export function sessionIdArg(value: string, field = 'sessionId'): string {
  const id = idOf('Session', value);
  if (!isUuid(id)) throw invalidArgument(field, commonMessages.invalidId({ label: m.sessionIdLabel }));
  return id.toLowerCase();
}
