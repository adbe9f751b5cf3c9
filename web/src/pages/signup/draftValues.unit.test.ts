import { describe, expect, it } from 'vitest';
import { patchOf, valuesOf } from './draftValues';

describe('the draft autosave patch', () => {
  it('sends blank text as null and courses as a list of the comma-separated names', () => {
    expect(patchOf({ bio: '  ', courses: 'Algebra I, , Geometry ', gpa: 3.5, subjects: ['Math'] }))
      .toEqual({ bio: null, courses: ['Algebra I', 'Geometry'], gpa: 3.5, subjects: ['Math'] });
  });
  it('shows a stored draft as form values and back without change', () => {
    const draft = { dateOfBirth: '2001-02-03', phoneNumber: '5551234567', subjects: ['Math'], courses: ['Algebra I', 'Geometry'], zipCode: null, school: null,
      gradeLevel: null, gpa: null, locationPreference: 'online', paidPreference: true, paymentMethod: 'VENMO' as const, availability: null, bio: 'Hi' };
    const values = valuesOf(draft);
    expect(values.courses).toBe('Algebra I, Geometry');
    expect(values.phoneNumber).toBe('(555) 123-4567');
    expect(valuesOf({ ...draft, phoneNumber: null }).phoneNumber).toBe('');
    expect(patchOf({ courses: values.courses, zipCode: values.zipCode })).toEqual({ courses: ['Algebra I', 'Geometry'], zipCode: null });
  });
});
