/**
 * The load figures of a previous run, kept in docs/benchmarks.md as a fenced JSON block between
 * two markers, so that every run prints its L4 costs beside them and a regression shows in review.
 * `BENCH_SAVE_LOAD=1` replaces the block with this run's figures (after a quiet run, by hand).
 */
import { readFile, writeFile } from 'node:fs/promises';

export const BEGIN = '<!-- load-figures:begin (written by BENCH_SAVE_LOAD=1; read by the bench for L4) -->';
export const END = '<!-- load-figures:end -->';

export interface CpuPair {
  server: number;
  postgres: number | null;
}

export interface SavedLoadFigures {
  date: string;
  command: string;
  machine: string;
  ratios: Record<'L1' | 'L2' | 'L3' | 'L3b', number>;
  perSecond: Record<string, number>;
  L4: {
    /** CPU ms per programs-page request (L2). */
    page: CpuPair;
    /** CPU ms per write of L3's mix, measured alone. */
    writes: CpuPair;
    /** Waits for a pooled connection, ms per request by pool; null when the server did not report them. */
    poolWaitMsPerRequest: { page: Record<string, number> | null; writes: Record<string, number> | null };
  };
}

function isSaved(x: unknown): x is SavedLoadFigures {
  const s = x as Partial<SavedLoadFigures> | null;
  return typeof s === 'object' && s !== null && typeof s.date === 'string' && typeof s.L4?.page?.server === 'number' && typeof s.L4?.writes?.server === 'number';
}

/** The saved figures in a markdown text, or null when it has no block; a malformed block is an error. */
export function parseSaved(markdown: string): SavedLoadFigures | null {
  const begin = markdown.indexOf(BEGIN);
  const end = markdown.indexOf(END);
  if (begin < 0 || end < begin) return null;
  const fenced = /```json\n([\s\S]*?)\n```/.exec(markdown.slice(begin, end));
  if (!fenced) return null;
  const value: unknown = JSON.parse(fenced[1]);
  if (!isSaved(value)) throw new Error('the saved load figures in docs/benchmarks.md lack date, L4.page or L4.writes');
  return value;
}

/** The markdown text with its block replaced by `figures` (appended with its markers when it had none). */
export function withSaved(markdown: string, figures: SavedLoadFigures): string {
  const block = `${BEGIN}\n\`\`\`json\n${JSON.stringify(figures, null, 2)}\n\`\`\`\n${END}`;
  const begin = markdown.indexOf(BEGIN);
  const end = markdown.indexOf(END);
  if (begin < 0 || end < begin) return `${markdown.trimEnd()}\n\n${block}\n`;
  return markdown.slice(0, begin) + block + markdown.slice(end + END.length);
}

export async function readSaved(file: string): Promise<SavedLoadFigures | null> {
  try {
    return parseSaved(await readFile(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export async function writeSaved(file: string, figures: SavedLoadFigures): Promise<void> {
  await writeFile(file, withSaved(await readFile(file, 'utf8'), figures));
}
