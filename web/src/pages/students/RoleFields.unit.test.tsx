import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, LocaleProvider, type AppLocale } from '../../i18n/locale';
import { AdminUserMessages } from '../../i18n/PageMessages';
import { TermsProvider } from '../../i18n/terms';
import { grantable, type ViewerRoles } from './roleChoices';
import { RoleChoiceFields } from './RoleFields';

const E1 = 'RWNvc3lzdGVtOjE=';
const PROGRAMS = [{ id: 'p1', name: 'Reading' }, { id: 'p2', name: 'Maths' }];
const none: ViewerRoles = { platformAdmin: false, ecosystemRoles: [], programRoles: [] };

function render(element: ReactElement, locale: AppLocale = 'en'): string {
  return renderToStaticMarkup(
    <MantineProvider>
      <LocaleProvider initial={locale}>
        <TermsProvider terms={{ tutorTerm: 'Coach', tuteeTerm: 'Camper' }}><AdminUserMessages>{element}</AdminUserMessages></TermsProvider>
      </LocaleProvider>
    </MantineProvider>,
  );
}

/** The options of the select labelled `label`. */
function options(html: string, label: string): string[] {
  const id = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1];
  const select = id ? new RegExp(`<select[^>]*id="${id}"[^>]*>(.*?)</select>`).exec(html)?.[1] : undefined;
  return [...(select ?? '').matchAll(/<option[^>]*>(.*?)<\/option>/g)].map((m) => m[1]);
}

beforeAll(async () => { await loadCatalogue('sp'); });

describe('the role fields', () => {
  it('a program admin: only LEADER and PUPIL of their own program, in the ecosystem\'s terms, and no ecosystem role', () => {
    const viewer = { ...none, programRoles: [{ ecosystemId: E1, programId: 'p2', role: 'PROGRAM_ADMIN' }] };
    const html = render(<RoleChoiceFields g={grantable(viewer, E1, PROGRAMS)} programs={PROGRAMS} value={null} onChange={() => undefined} />);
    expect(options(html, 'Program')).toEqual(['Maths']);
    expect(options(html, 'Role')).toEqual(['Coach', 'Camper']);
    expect(html).not.toContain('Kind of role');
    expect(html).not.toContain('Program admin');
  });

  it('an ecosystem admin: both kinds, every program and every program role (Spanish)', () => {
    const viewer = { ...none, ecosystemRoles: [{ ecosystemId: E1, role: 'SUPER_ADMIN' }] };
    const g = grantable(viewer, E1, PROGRAMS);
    const chosen = { choice: { action: 'add' as const, role: 'PUPIL' as const, programId: 'p1' }, label: '' };
    const html = render(<RoleChoiceFields g={g} programs={PROGRAMS} value={chosen} onChange={() => undefined} />, 'sp');
    expect(html).toContain('Tipo de rol');
    expect(options(html, 'Programa')).toEqual(['Reading', 'Maths']);
    expect(options(html, 'Rol')).toEqual(['Administrador del programa', 'Coach', 'Camper']);
  });

  it('someone who may give nothing is told so', () => {
    const html = render(<RoleChoiceFields g={grantable(none, E1, PROGRAMS)} programs={PROGRAMS} value={null} onChange={() => undefined} />);
    expect(html).toContain('There is no role you may give here.');
  });
});
