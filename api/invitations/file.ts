/**
 * inviteUsersFromFile (docs/decisions/0041): every row is checked first (its fields, its program,
 * whether the inviter may grant its role, duplicates within the file, people already in the
 * ecosystem); a file with any bad row imports nothing and answers every problem with its row and
 * column. A clean file is invited row by row, as inviteUser would: in the same request up to
 * FILE_JOB_THRESHOLD rows, else as a background job with progress (fileJob.ts).
 */
import { invitationMessages } from '../../domain/invitation/messages';
import { isLanguageTag, messageLanguageOf } from '../../domain/message/kinds';
import { messageMessages } from '../../domain/message/messages';
import { ForbiddenError } from '../../domain/shared/errors';
import { isUuid } from '../../domain/shared/ids';
import { isProgramRole } from '../../domain/user/events';
import { membershipPolicy } from '../../domain/user/policy/membership';
import { isProgramAdmin } from '../../domain/user/policy/principal';
import { INVITATIONS_PROJECTION, programsOf, type InvitationRow, findInvitation } from '../../projections/invitations';
import { USERS_PROJECTION } from '../../projections/users';
import { requireViewer } from '../auth/policy';
import type { RequestContext, Viewer } from '../context';
import { idOf } from '../relay';
import { readInviteFile, type FileColumn, type FileRow, type RowError } from './csv';
import { parseInvitee } from './inputs';
import { FILE_JOB_THRESHOLD, inviteAsJob, type CheckedRow } from './fileJob';
import { holderOf, invitePerson, mayInvite, nextInvitation, type Invitee } from './invite';
import type { BatchJobRow } from '../../projections/jobs';

export interface FileContext {
  ecosystemId: string;
  viewer: Viewer;
  programs: ReadonlyArray<{ id: string; name: string }>;
  language: 'en' | 'es';
}


function programOf(value: string, c: FileContext): string | null | undefined {
  if (!value) return null;
  const id = idOf('Program', value).toLowerCase();
  const found = c.programs.find((p) => (isUuid(id) && p.id === id) || p.name.trim().toLowerCase() === value.toLowerCase());
  return found ? found.id : undefined;
}

/** One row's own problems (nothing read); the invitee when it has none. */
export function checkRow({ row, values }: FileRow, c: FileContext): { invitee: Invitee | null; errors: RowError[] } {
  const errors: RowError[] = [];
  const parsed = parseInvitee(values, []);
  if (!parsed.ok) for (const [column, message] of Object.entries(parsed.fields)) errors.push({ row, column: column as FileColumn, message });
  const programId = programOf(values.program, c);
  if (programId === undefined) errors.push({ row, column: 'program', message: invitationMessages.programUnknown });
  // As inviteUser's: a language that is not one is a mistake, not English.
  if (values.language && !isLanguageTag(values.language)) errors.push({ row, column: 'language', message: messageMessages.languageNotValid });
  if (errors.length > 0 || !parsed.ok || programId === undefined) return { invitee: null, errors };
  const { role } = parsed.value;
  if (isProgramRole(role) !== (programId !== null)) errors.push({ row, column: 'program', message: invitationMessages.programRoleNeedsProgram });
  else if (!mayInvite(c.viewer, { ecosystemId: c.ecosystemId, programId, role })) errors.push({ row, column: 'role', message: invitationMessages.roleNotYours });
  if (errors.length > 0) return { invitee: null, errors };
  const language = values.language ? messageLanguageOf(values.language) : c.language;
  return { invitee: { ...parsed.value, ecosystemId: c.ecosystemId, programId, language }, errors };
}

/** Every row's own problems, and an e-mail that appears twice is a problem of its later rows. */
export function checkRows(rows: readonly FileRow[], c: FileContext): { checked: CheckedRow[]; errors: RowError[] } {
  const firstRowOf = new Map<string, number>();
  const checked: CheckedRow[] = [];
  const errors: RowError[] = [];
  for (const fileRow of rows) {
    const result = checkRow(fileRow, c);
    errors.push(...result.errors);
    if (!result.invitee) continue;
    const first = firstRowOf.get(result.invitee.email);
    if (first !== undefined) errors.push({ row: fileRow.row, column: 'email', message: invitationMessages.fileDuplicateEmail({ row: first }) });
    else {
      firstRowOf.set(result.invitee.email, fileRow.row);
      checked.push({ row: fileRow.row, invitee: result.invitee });
    }
  }
  return { checked, errors };
}

/** Someone who may invite into some role of the ecosystem; anyone else is refused before the file is read. */
function mayInviteHere(viewer: Viewer, ecosystemId: string): boolean {
  return membershipPolicy(viewer, 'grant', ecosystemId) || viewer.roles.some((r) => r.programId !== null && isProgramAdmin(viewer, ecosystemId, r.programId));
}

export interface FileOutcome {
  rowCount: number;
  rowErrors: RowError[];
  invited: InvitationRow[];
  /** The job inviting a large file's rows; null when they were invited in the request (or refused). */
  job: BatchJobRow | null;
}

export async function inviteFromFile(ctx: RequestContext, ecosystemId: string, text: string): Promise<FileOutcome> {
  const viewer = requireViewer(ctx);
  if (!mayInviteHere(viewer, ecosystemId)) throw new ForbiddenError();
  const file = readInviteFile(text);
  if (file.errors.length > 0) return { rowCount: file.rows.length, rowErrors: file.errors, invited: [], job: null };
  const programs = await ctx.read((client) => programsOf(client, ecosystemId));
  const { checked, errors } = checkRows(file.rows, { ecosystemId, viewer, programs, language: ctx.locale });
  if (file.rows.length > FILE_JOB_THRESHOLD) return { rowCount: file.rows.length, invited: [], ...await inviteAsJob(ctx, viewer, ecosystemId, checked, errors) };
  const accounts = new Map<number, { invitationId: string; userId: string | null }>();
  for (const { row, invitee } of checked) {
    // A repeated upload (same Idempotency-Key) finds its own earlier invitations: not a reason to refuse.
    const { invitationId, earlierUserId } = await nextInvitation(ctx);
    const holder = earlierUserId ? { userId: earlierUserId, member: false } : await holderOf(ctx, invitee.email, ecosystemId);
    if (holder.member) errors.push({ row, column: 'email', message: invitationMessages.alreadyMember });
    accounts.set(row, { invitationId, userId: holder.userId });
  }
  if (errors.length > 0) return { rowCount: file.rows.length, rowErrors: errors.sort((a, b) => a.row - b.row), invited: [], job: null };
  const ids: string[] = [];
  for (const [i, { row, invitee }] of checked.entries()) {
    const last = i === checked.length - 1;
    const rowIds = accounts.get(row);
    if (!rowIds) throw new Error(`row ${row} was checked without its ids`);
    const issued = await invitePerson(ctx, viewer, invitee, rowIds, last ? [INVITATIONS_PROJECTION, USERS_PROJECTION] : []);
    ids.push(issued.invitationId);
  }
  const invited = await Promise.all(ids.map((id) => ctx.read((client) => findInvitation(client, id))));
  return { rowCount: file.rows.length, rowErrors: [], invited: invited.filter((r): r is InvitationRow => r !== null), job: null };
}
