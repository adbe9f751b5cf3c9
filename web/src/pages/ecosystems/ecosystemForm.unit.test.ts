import { describe, expect, it } from 'vitest';
import { ecosystemsEn as en } from '../../i18n/ecosystems.en';
import { ecosystemsEs as es } from '../../i18n/ecosystems.es';
import { initialValues, toInput, validate, type EcosystemFormSource } from './ecosystemForm';

const stored: EcosystemFormSource = {
  name: 'Springfield', shortName: 'spf', city: 'Springfield', state: 'IL', type: 'ECOSYSTEM', organizationType: 'NON_PROFIT',
  tutorTerm: 'Leader', tuteeTerm: 'Learner', moduleTerm: 'Unit',
};

describe('ecosystem form', () => {
  it('shows a default term as an empty field and a custom one as written', () => {
    const values = initialValues({ ...stored, tutorTerm: 'Coach' });
    expect([values.tutorTerm, values.tuteeTerm, values.moduleTerm]).toEqual(['Coach', '', 'Unit']);
    expect(initialValues(null)).toMatchObject({ name: '', tutorTerm: '', type: 'ECOSYSTEM', organizationType: 'PUBLIC_DISTRICT' });
  });

  it('on edit sends a cleared term as the default, which resets it, and cleared optional fields as null', () => {
    const values = { ...initialValues(stored), moduleTerm: '  ', city: '', state: ' ' };
    expect(toInput(values, true)).toEqual({
      name: 'Springfield', shortName: 'spf', type: 'ECOSYSTEM', organizationType: 'NON_PROFIT',
      city: null, state: null, tutorTerm: 'Leader', tuteeTerm: 'Learner', moduleTerm: 'Module',
    });
    expect(toInput({ ...values, tutorTerm: ' Coach ' }, true).tutorTerm).toBe('Coach');
  });

  it('on create leaves out what is empty, so the server derives the short name and applies the defaults', () => {
    const values = { ...initialValues(null), name: ' New Academy ' };
    expect(toInput(values, false)).toEqual({ name: 'New Academy', type: 'ECOSYSTEM', organizationType: 'PUBLIC_DISTRICT' });
  });

  it('requires a name, and a short name on edit only', () => {
    const cleared = { ...initialValues(stored), name: ' ', shortName: '' };
    expect(validate(cleared, true)).toEqual({ name: 'ecosystems.nameRequired', shortName: 'ecosystems.shortNameRequired' });
    expect(validate(cleared, false)).toEqual({ name: 'ecosystems.nameRequired' });
    expect(validate(initialValues(stored), true)).toEqual({});
    expect(en['ecosystems.shortNameRequired'] && es['ecosystems.shortNameRequired']).toBeTruthy();
  });
});
