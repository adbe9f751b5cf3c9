import { parse } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { argumentsOf } from '../../../i18n/icuArguments';
import { en } from '../../../i18n/en';
import { AUDIT_MESSAGES, type AuditMessageId } from './catalogue';


const ids = Object.keys(AUDIT_MESSAGES.en) as AuditMessageId[];

describe('the breadcrumbs page\'s catalogue', () => {
  it('is valid ICU using the same arguments in English and Spanish', () => {
    for (const id of ids) {
      expect([...argumentsOf(parse(AUDIT_MESSAGES.sp[id]))].sort(), id).toEqual([...argumentsOf(parse(AUDIT_MESSAGES.en[id]))].sort());
    }
  });

  it('is translated, not copied, and takes no key the app\'s catalogue already has', () => {
    // Product names (Clever, Schoology, Lessonspace, Zoom) are the same in every language.
    const products = ['breadcrumbs.value.meetingSolution.LESSONSPACE', 'breadcrumbs.value.meetingSolution.ZOOM'];
    const translatable = ids.filter((id) => !id.startsWith('breadcrumbs.value.vendor.') && !products.includes(id));
    const same = translatable.filter((id) => AUDIT_MESSAGES.en[id] === AUDIT_MESSAGES.sp[id] && /[a-z]{4}/i.test(AUDIT_MESSAGES.en[id].replace(/\{[^}]*\}/g, '')));
    expect(same).toEqual([]);
    expect(ids.filter((id) => Object.hasOwn(en, id))).toEqual([]);
  });

  it('counts steps and rows per language', () => {
    const english = createIntl({ locale: 'en', messages: AUDIT_MESSAGES.en });
    const spanish = createIntl({ locale: 'es', messages: AUDIT_MESSAGES.sp });
    expect(english.formatMessage({ id: 'breadcrumbs.run.steps' }, { count: 12 })).toBe('12 steps');
    expect(english.formatMessage({ id: 'breadcrumbs.run.steps' }, { count: 1 })).toBe('1 step');
    expect(spanish.formatMessage({ id: 'breadcrumbs.run.steps' }, { count: 12 })).toBe('12 pasos');
    expect(spanish.formatMessage({ id: 'breadcrumbs.export.done' }, { count: 1200 })).toBe('Se exportaron 1200 filas.');
  });
});
