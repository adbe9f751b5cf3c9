import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Viewer } from '../context';
import { MAX_FILE_ROWS, readInviteFile } from './csv';
import { checkRows, type FileContext } from './file';

const E1 = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
const P1 = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c03';
const admin: Viewer = { userId: 'a', email: 'a@x.org', platformAdmin: false, roles: [{ ecosystemId: E1, role: 'SUPER_ADMIN', programId: null }] };
const programAdmin: Viewer = { userId: 'p', email: 'p@x.org', platformAdmin: false, roles: [{ ecosystemId: E1, role: 'PROGRAM_ADMIN', programId: P1 }] };
const context = (viewer: Viewer): FileContext => ({ ecosystemId: E1, viewer, programs: [{ id: P1, name: 'Algebra Club' }], language: 'en' });
const messages = (errors: Array<{ row: number; column: string | null; message: { english: string } }>) =>
  errors.map((e) => `${e.row} ${e.column ?? '-'}: ${e.message.english}`);

describe('reading an invitation file', () => {
  it('takes the columns in any order and spelling, trims cells, numbers rows as a spreadsheet does', () => {
    const file = readInviteFile('\uFEFFRole,E-mail,first name,Last_Name,program\r\nLEADER, ada@example.com ,Ada,Lovelace,Algebra Club\r\n\r\nstudent,bob@example.com,Bob,"Smith, Jr.",\r\n');
    expect(file.errors).toEqual([]);
    expect(file.rows).toEqual([
      { row: 2, values: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', role: 'LEADER', program: 'Algebra Club', language: '' } },
      { row: 3, values: { email: 'bob@example.com', firstName: 'Bob', lastName: 'Smith, Jr.', role: 'student', program: '', language: '' } },
    ]);
  });

  it('refuses an unknown or missing column, an empty file, and too many rows, as problems of row 1', () => {
    expect(messages(readInviteFile('email,firstName,lastName,colour\nx@y.org,A,B,red').errors as never)).toEqual([
      '1 -: Unknown column "{name}": use email, firstName, lastName, role, program and language.',
      '1 role: The header row needs a column "{name}".',
    ]);
    expect(readInviteFile('').errors).toHaveLength(1);
    expect(readInviteFile('email,firstName,lastName,role\n').errors).toHaveLength(1);
    const long = `email,firstName,lastName,role\n${Array.from({ length: MAX_FILE_ROWS + 1 }, (_, i) => `p${i}@x.org,A,B,STUDENT`).join('\n')}`;
    expect(readInviteFile(long).errors).toHaveLength(1);
  });
});

describe('checking its rows', () => {
  const rows = (lines: string[]) => readInviteFile(`email,firstName,lastName,role,program,language\n${lines.join('\n')}`).rows;

  it('gives each bad cell its row and column, and a good row its invitee', () => {
    const { checked, errors } = checkRows(rows([
      'ada@example.com,Ada,Lovelace,LEADER,algebra club,sp',
      'not-an-email,Bob,,WIZARD,,',
      'cy@example.com,Cy,Young,PUPIL,,',
      'di@example.com,Di,Ross,STUDENT,Chess,',
    ]), context(admin));
    expect(checked).toEqual([{ row: 2, invitee: {
      email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', role: 'LEADER', ecosystemId: E1, programId: P1, language: 'es',
    } }]);
    expect(errors.map((e) => `${e.row} ${e.column}`)).toEqual(['3 email', '3 lastName', '3 role', '4 program', '5 program']);
  });

  it('refuses a language cell that is not a language tag, as inviteUser does', () => {
    const { checked, errors } = checkRows(rows(['ada@example.com,Ada,Lovelace,STUDENT,,klingon language', 'bo@example.com,Bo,Lee,STUDENT,,es-MX']), context(admin));
    expect(messages(errors)).toEqual(['2 language: Choose a language by its code, such as en or es.']);
    expect(checked.map((c) => c.invitee.language)).toEqual(['es']);
  });

  it('lets a program admin import only the roles they may grant, in their program', () => {
    const { errors } = checkRows(rows(['a@x.org,A,B,PUPIL,Algebra Club,', 'b@x.org,A,B,STUDENT,,', 'c@x.org,A,B,PROGRAM_ADMIN,Algebra Club,']), context(programAdmin));
    expect(messages(errors)).toEqual(['3 role: You cannot invite people into this role.', '4 role: You cannot invite people into this role.']);
  });

  it('reports every repeat of an e-mail (in any case) on its later rows, naming the first', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 30 }), (people) => {
      const lines = people.map((n, i) => `${i % 2 ? 'P' : 'p'}${n}@example.com,A,B,STUDENT,,`);
      const { checked, errors } = checkRows(rows(lines), context(admin));
      const firstRow = new Map<number, number>();
      people.forEach((n, i) => { if (!firstRow.has(n)) firstRow.set(n, i + 2); });
      expect(checked.map((c) => c.row)).toEqual([...firstRow.values()]);
      expect(errors.map((e) => [e.row, e.message.params?.row])).toEqual(
        people.flatMap((n, i) => (firstRow.get(n) === i + 2 ? [] : [[i + 2, firstRow.get(n)]])));
    }));
  });
});
