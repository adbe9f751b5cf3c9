import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { fieldLabels } from '../../domain/ecosystem/labels';
import { CATALOGUE } from '../../domain/shared/i18n';
import { commonMessages, fieldMessages } from '../../domain/shared/messages';
import { catalogues, MESSAGE_GROUPS, translate } from './catalogue';

/** The argument names a message uses, including those nested in plural and select branches. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if ('value' in element && typeof element.value === 'string') into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

/** Brand names and words Spanish borrows as they are. */
const SAME_IN_BOTH = new Set<string>();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === '__generated__') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

describe('server message catalogues', () => {
  const en = catalogues.en;
  const es = catalogues.es;

  it('have a Spanish text for every English key, and nothing else', () => {
    expect(Object.keys(en).filter((key) => !es[key]?.trim())).toEqual([]);
    expect(Object.keys(es).filter((key) => en[key] === undefined)).toEqual([]);
  });

  it('are valid ICU messages using the same arguments in both languages', () => {
    for (const key of Object.keys(en)) {
      expect([...argumentsOf(parse(es[key]))].sort(), key).toEqual([...argumentsOf(parse(en[key]))].sort());
    }
  });

  it('differ between the languages: nothing was left untranslated by copying', () => {
    const same = Object.keys(en).filter((key) => en[key] === es[key] && !SAME_IN_BOTH.has(key));
    expect(same).toEqual([]);
  });

  it('gather every message group defined anywhere on the server', () => {
    const listed = new Set(MESSAGE_GROUPS.flatMap((group) => Object.keys(group[CATALOGUE]).map((key) => key.replace(/\.[^.]+$/, ''))));
    const root = join(import.meta.dirname, '..', '..');
    const defined = ['domain', 'api', 'infra', 'projections', 'workflows'].flatMap((dir) => sourceFiles(join(root, dir)))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/defineMessages\('([^']+)'/g)].map((m) => `${m[1]} (${file.slice(root.length + 1)})`));
    expect(defined.filter((entry) => !listed.has(entry.split(' ')[0]))).toEqual([]);
  });
});

describe('translate', () => {
  it('renders arguments that are messages in the same language', () => {
    const required = fieldMessages.required({ label: fieldLabels.shortName });
    expect(translate(required, 'en')).toBe('Short name is required.');
    expect(translate(required, 'es')).toBe('El campo «Nombre corto» es obligatorio.');
  });

  it('formats numbers per language', () => {
    const range = commonMessages.pageSizeRange({ max: 10_000 });
    expect(translate(range, 'en')).toBe('Ask for between 0 and 10,000 entries at a time.');
    expect(translate(range, 'es')).toBe('Pida entre 0 y 10.000 elementos a la vez.');
  });

  it('falls back to the English a message carries when its group is not in the catalogues', () => {
    expect(translate({ key: 'elsewhere.new', english: 'Brand new {thing}.', params: { thing: 'rule' } }, 'es')).toBe('Brand new rule.');
  });
});
