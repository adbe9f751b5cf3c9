import { describe, expect, it } from 'vitest';
import { programDetails, validateProgram } from './programForm';

describe('program form', () => {
  it('requires a name, and a short name on edit only (creation derives it)', () => {
    expect(validateProgram({ name: ' ', shortName: '' }, false)).toEqual({ name: 'programs.nameRequired' });
    expect(validateProgram({ name: 'Reading', shortName: ' ' }, true)).toEqual({ shortName: 'programs.shortNameRequired' });
    expect(validateProgram({ name: 'Reading', shortName: '' }, false)).toEqual({});
  });

  it('sends trimmed values, leaving an empty short name out on create only', () => {
    expect(programDetails({ name: ' Reading Buddies ', shortName: '' }, false)).toEqual({ name: 'Reading Buddies' });
    expect(programDetails({ name: 'Reading Buddies', shortName: ' rb ' }, true)).toEqual({ name: 'Reading Buddies', shortName: 'rb' });
  });
});
