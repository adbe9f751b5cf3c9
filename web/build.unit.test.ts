import { readFileSync } from 'node:fs';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { compiledCatalogueModule } from './messages-plugin';
import { TOAST_LIMIT, TOAST_POSITION } from './src/constants';
import { en } from './src/i18n/en';
import viteConfig from './vite.config';

describe('build and shell settings', () => {
  const build = viteConfig({ command: 'build', mode: 'production' });

  it('publishes no source maps: the API serves dist/web as it is', () => {
    expect(build.build?.sourcemap).toBe(false);
  });

  it('shows at most three toasts, at the bottom right where they cover no header control', () => {
    expect(TOAST_LIMIT).toBe(3);
    expect(TOAST_POSITION).toBe('bottom-right');
  });

  it('ships the catalogues parsed, so the browser needs no message parser, and they format as the text does', () => {
    const module = compiledCatalogueModule('en', en);
    const compiled = JSON.parse(module.replace(/^export const en = /, '').replace(/;\s*$/, '')) as Record<string, MessageFormatElement[]>;
    expect(Object.keys(compiled)).toEqual(Object.keys(en));
    const values = { count: 3, name: 'Springfield', tutorTerm: 'Coach', tuteeTerm: 'Scholar' };
    const fromText = createIntl({ locale: 'en', messages: en });
    const fromParsed = createIntl({ locale: 'en', messages: compiled });
    for (const id of ['programs.count', 'programs.intro', 'ecosystems.editTitle'] as const) {
      expect(fromParsed.formatMessage({ id }, values)).toBe(fromText.formatMessage({ id }, values));
    }
    expect(JSON.stringify(build.resolve?.alias)).toContain('no-parser');
  });

  it('shows a loading state before any script runs, with no inline script (the CSP forbids it)', () => {
    const html = readFileSync(new URL('./index.html', import.meta.url), 'utf8');
    expect(html).toMatch(/<div id="root">\s*<div class="boot" role="status">/);
    expect(html).toMatch(/<link rel="stylesheet" href="\.\/src\/boot\.css" \/>/);
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toContain('src=');
      expect(body.trim()).toBe('');
    }
  });
});
