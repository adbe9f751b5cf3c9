import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, LocaleProvider, type AppLocale } from '../i18n/locale';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

function render(element: ReactElement, locale: AppLocale = 'en'): string {
  return renderToStaticMarkup(
    <MantineProvider>
      <LocaleProvider initial={locale}>{element}</LocaleProvider>
    </MantineProvider>,
  );
}

const base: ConfirmDialogProps = { opened: true, onClose: () => undefined, title: 'Archive Springfield?', withinPortal: false };
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));

describe('ConfirmDialog', () => {
  beforeAll(async () => { await loadCatalogue('sp'); });

  it('shows the title, the text and two buttons labelled Close and Continue by default', () => {
    const html = render(<ConfirmDialog {...base} text="It can be unarchived later." onConfirm={() => undefined} />);
    expect(html).toContain('Archive Springfield?');
    expect(html).toContain('It can be unarchived later.');
    expect(html).toContain('role="dialog"');
    expect(buttons(html)).toEqual(['', 'Close', 'Continue']);
    expect(html).toContain('aria-label="Close dialog"');
  });

  it('shows a single Close button without a confirm action, and no success icon unless asked', () => {
    const html = render(<ConfirmDialog {...base} />);
    expect(buttons(html)).toEqual(['', 'Close']);
    expect(html).not.toContain('aria-label="Success"');
  });

  it('shows the success icon and custom labels', () => {
    const html = render(<ConfirmDialog {...base} success onConfirm={() => undefined} closeLabel="Not now" confirmLabel="Archive" />);
    expect(html).toContain('aria-label="Success"');
    expect(buttons(html)).toEqual(['', 'Not now', 'Archive']);
  });

  it('uses the Spanish default labels in Spanish', () => {
    const html = render(<ConfirmDialog {...base} onConfirm={() => undefined} />, 'sp');
    expect(buttons(html)).toEqual(['', 'Cerrar', 'Continuar']);
    expect(html).toContain('aria-label="Cerrar el diálogo"');
  });

  it('renders nothing while closed', () => {
    expect(render(<ConfirmDialog {...base} opened={false} />)).not.toContain('Archive Springfield?');
  });
});
