import { MantineProvider, TextInput } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, LocaleProvider, type AppLocale } from '../../i18n/locale';
import { AdminUserMessages } from '../../i18n/PageMessages';
import { FormDialog } from './FormDialog';

function render(element: ReactElement, locale: AppLocale = 'en'): string {
  return renderToStaticMarkup(
    <MantineProvider>
      <LocaleProvider initial={locale}><AdminUserMessages>{element}</AdminUserMessages></LocaleProvider>
    </MantineProvider>,
  );
}

const buttons = (html: string) => [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));
const dialog = (props: { formError?: string; extra?: ReactElement; closeLabel?: string } = {}) => (
  <FormDialog opened onClose={() => undefined} title="Change the e-mail of Eve" intro="Told at both addresses." submitLabel="Save"
    onSubmit={() => undefined} loading={false} withinPortal={false} {...props}>
    <TextInput label="New e-mail address" />
  </FormDialog>
);

describe('FormDialog', () => {
  beforeAll(async () => { await loadCatalogue('sp'); });

  it('holds a form named by the title, its intro, its fields, then Cancel and the submit button', () => {
    const html = render(dialog());
    expect(html).toContain('role="dialog"');
    expect(html).toMatch(/<form[^>]*aria-label="Change the e-mail of Eve"/);
    expect(html).toContain('Told at both addresses.');
    expect(html).toContain('New e-mail address');
    expect(buttons(html)).toEqual(['', 'Cancel', 'Save']);
    expect(html).toContain('aria-label="Close dialog"');
    expect(html).not.toContain('role="alert"');
  });

  it('shows the server\'s refusal as an alert, and its own words in Spanish', () => {
    const html = render(dialog({ formError: 'That address is taken.' }), 'sp');
    expect(html).toMatch(/role="alert"[^>]*>.*That address is taken\./s);
    expect(buttons(html)).toEqual(['', 'Cancelar', 'Save']);
    expect(html).toContain('aria-label="Cerrar el diálogo"');
  });

  it('puts a further action before the close button, whose words may be its own', () => {
    const html = render(dialog({ extra: <button type="button">Book anyway</button>, closeLabel: 'Close' }));
    expect(buttons(html)).toEqual(['', 'Book anyway', 'Close', 'Save']);
  });
});
