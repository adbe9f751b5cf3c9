/**
 * The CSV of a filtered trail: one line per event, in the reader's words, produced with
 * papaparse. A cell that starts with = + - @ (or a tab or carriage return) is prefixed with an
 * apostrophe so a spreadsheet shows it as text instead of running it as a formula (CSV
 * injection); papaparse's own pattern misses such a cell when it spans lines, hence ours.
 */
import Papa from 'papaparse';
import type { AuditMessageId as MessageId } from './i18n/catalogue';
import type { AuditTranslate as Translate } from './AuditWords';
import { formatAuditTime } from './time';
import { wordsOf, type CrumbFields, type Reader } from './words';

export type CsvCell = string | number | null;

export const FORMULA_START = /^[=+\-@\t\r]/;

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  // A byte-order mark makes spreadsheet programs read the file as UTF-8 (accents in names and labels).
  return `\uFEFF${Papa.unparse({ fields: [...header], data: rows.map((r) => [...r]) }, { escapeFormulae: FORMULA_START, newline: '\r\n' })}\r\n`;
}

/** One exported event: the fields the export query reads. */
export type CsvEvent = CrumbFields & { occurredAt: string; runId?: string | null };

/** `reader.zone` is the zone the times are written in, and the zone column names it. */
export function csvRow(node: CsvEvent, reader: Reader & { zone: string }): CsvCell[] {
  const { localeTag, zone } = reader;
  const words = wordsOf(node, reader);
  // The unreadable note is a sentence; as the first of the `; `-joined details it drops its full stop.
  const details = [...(words.unreadable ? [words.unreadable.replace(/\.$/, '')] : []), ...words.details.map(({ field, value }) => `${field}: ${value}`)].join('; ');
  return [formatAuditTime(node.occurredAt, localeTag, zone), zone, words.actor, words.role, words.action, words.targetKind, words.target, details, node.runId ?? null];
}

const HEADER: MessageId[] = [
  'breadcrumbs.csv.time', 'breadcrumbs.csv.zone', 'breadcrumbs.csv.actor', 'breadcrumbs.csv.role', 'breadcrumbs.csv.action',
  'breadcrumbs.csv.targetType', 'breadcrumbs.csv.target', 'breadcrumbs.csv.details', 'breadcrumbs.csv.run',
];

export function csvHeader(t: Translate): string[] {
  return HEADER.map((id) => t(id));
}
