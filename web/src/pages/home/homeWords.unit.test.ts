/**
 * The home page and the app's frame render under no page catalogue (docs/decisions/0052): every
 * word they ask for must be in the first load's catalogue, or the reader sees the bare key (the
 * home page once showed "mfa.title" after that word moved to the settings catalogue).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';

const SRC = path.resolve(import.meta.dirname, '../..');
const FRAME = ['pages/home/HomePage.tsx', 'components/AppLayout.tsx', 'components/AreaLinks.tsx', 'components/LanguageSwitcher.tsx'];

function wordsAskedFor(file: string): string[] {
  const source = readFileSync(path.join(SRC, file), 'utf8');
  return [...source.matchAll(/\bt\('([^']+)'/g)].map((match) => match[1]);
}

describe('the home page and the frame', () => {
  it.each(FRAME)('%s asks only for words of the first load', (file) => {
    const words = wordsAskedFor(file);
    expect(words.length).toBeGreaterThan(0);
    expect(words.filter((id) => !(id in en))).toEqual([]);
  });
});
