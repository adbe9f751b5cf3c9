/**
 * CSV text as the platform writes it everywhere (the HTTP exports, decisions 0049 and 0060, and the
 * scheduled reports' attachments, decision 0068): CRLF lines, and a cell starting with = + - @, a
 * tab or a carriage return gets a leading apostrophe, so a spreadsheet shows it instead of running it.
 */
import Papa from 'papaparse';

export const FORMULA_START = /^[=+\-@\t\r]/;

/** Lines of CSV, each ended by CRLF (none for no lines). */
export function csvText(header: readonly string[] | null, data: readonly (readonly string[])[]): string {
  if (!header && data.length === 0) return '';
  const rows = data.map((r) => [...r]);
  const text = Papa.unparse(header ? { fields: [...header], data: rows } : rows, { escapeFormulae: FORMULA_START, newline: '\r\n' });
  // Papa ends a header without rows with a line break of its own.
  return `${text.replace(/\r\n$/, '')}\r\n`;
}
