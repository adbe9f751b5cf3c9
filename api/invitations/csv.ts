/**
 * Reading an invitation file (docs/decisions/0041): CSV with a header row naming the columns in
 * any order (email, firstName, lastName, role, program, language; case, spaces, _ and - ignored).
 * Rows are numbered as a spreadsheet shows them: the header is row 1.
 */
import Papa from 'papaparse';
import { invitationMessages } from '../../domain/invitation/messages';
import { MAX_INVITE_FILE_ROWS } from '../../domain/job/names';
import type { Message } from '../../domain/shared/i18n';

export const FILE_COLUMNS = ['email', 'firstName', 'lastName', 'role', 'program', 'language'] as const;
export type FileColumn = (typeof FILE_COLUMNS)[number];
const REQUIRED: readonly FileColumn[] = ['email', 'firstName', 'lastName', 'role'];
/** More rows than this are refused whole (decision 0041: the request checks them all, and the body limit). */
export const MAX_FILE_ROWS = MAX_INVITE_FILE_ROWS;

export interface FileRow {
  /** 2 for the first row under the header. */
  row: number;
  values: Record<FileColumn, string>;
}

export interface RowError {
  /** 1 for the header. */
  row: number;
  column: FileColumn | null;
  message: Message;
}

const key = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');
const BY_KEY = new Map(FILE_COLUMNS.map((c) => [key(c), c]));

function columnsOf(header: string[]): { columns: Array<FileColumn | null>; errors: RowError[] } {
  const columns = header.map((name) => BY_KEY.get(key(name)) ?? null);
  const errors: RowError[] = [];
  for (const [i, name] of header.entries()) {
    if (columns[i] === null && name.trim() !== '') errors.push({ row: 1, column: null, message: invitationMessages.fileUnknownColumn({ name: name.trim() }) });
  }
  for (const c of REQUIRED) if (!columns.includes(c)) errors.push({ row: 1, column: c, message: invitationMessages.fileMissingColumn({ name: c }) });
  return { columns, errors };
}

/** The rows of a file, or the problems that stop it from being read at all. */
export function readInviteFile(text: string): { rows: FileRow[]; errors: RowError[] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...body] = parsed.data;
  if (!header) return { rows: [], errors: [{ row: 1, column: null, message: invitationMessages.fileEmpty }] };
  const { columns, errors } = columnsOf(header);
  if (body.length === 0) errors.push({ row: 1, column: null, message: invitationMessages.fileEmpty });
  if (body.length > MAX_FILE_ROWS) errors.push({ row: 1, column: null, message: invitationMessages.fileTooLong({ max: MAX_FILE_ROWS }) });
  if (errors.length > 0) return { rows: [], errors };
  const rows = body.map((cells, i) => {
    const values = Object.fromEntries(FILE_COLUMNS.map((c) => [c, ''])) as Record<FileColumn, string>;
    columns.forEach((c, j) => { if (c) values[c] = (cells[j] ?? '').trim(); });
    return { row: i + 2, values };
  });
  return { rows, errors: [] };
}
