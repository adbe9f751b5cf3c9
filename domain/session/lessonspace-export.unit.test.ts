import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExportDefinition } from '../meetings/exports';
import { exportDefinitionFor, exportFileName } from './lessonspace-export';

const def = (name: string, ecosystemId: string | null, id = `0000000${name.length}-0000-4000-8000-000000000000`): ExportDefinition => ({
  definitionId: id, name, ecosystemId, media: 'VIDEO', tracks: 'EVERYONE', includeContent: true, layout: 'GRID', fileNameTemplate: '{subject}',
});
const eco = '11111111-1111-4111-8111-111111111111';
const other = '22222222-2222-4222-8222-222222222222';
const values = { subject: 'Algebra', date: '2026-12-01', time: '16:00', sessionId: 'abc', ecosystem: 'North' };

describe('recording export definitions for a session', () => {
  it('takes the ecosystem\'s own definition first, then a platform-wide one, then none', () => {
    const global = def('Everyone', null);
    const mine = def('North video', eco);
    expect(exportDefinitionFor([global, mine, def('South', other)], eco)).toBe(mine);
    expect(exportDefinitionFor([global, def('South', other)], eco)).toBe(global);
    expect(exportDefinitionFor([def('South', other)], eco)).toBeNull();
    expect(exportDefinitionFor([def('b', eco), def('a', eco)], eco)?.name).toBe('a');
  });

  it('fills the placeholders into a safe file name', () => {
    expect(exportFileName('{ecosystem} {subject} {date} {time}', values)).toBe('North Algebra 2026-12-01 16-00');
    expect(exportFileName('{subject}', { ...values, subject: '../../etc/passwd' })).toBe('_.._etc_passwd');
    expect(exportFileName('{subject}', { ...values, subject: '   ' })).toBe('recording-abc');
  });

  it('never gives a path, a hidden file or an empty name, whatever the subject', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), fc.constantFrom('{subject}', 'x {subject}.mp4', '{subject}-{date}'), (subject, template) => {
      const name = exportFileName(template, { ...values, subject });
      expect(name).toMatch(/^[A-Za-z0-9 ._-]{1,200}$/);
      expect(name.startsWith('.')).toBe(false);
    }));
  });
});
