import { describe, expect, it } from 'vitest';
import { emptyForm, formErrors, formOf, inputOf } from './recordingExportForm';

describe('the recording export definition form', () => {
  it('sends no layout for audio, and null for every ecosystem', () => {
    expect(inputOf({ ...emptyForm, name: ' Audio ', media: 'AUDIO', layout: 'GRID' })).toMatchObject({ name: 'Audio', ecosystemId: null, layout: null });
    expect(inputOf({ ...emptyForm, name: 'Video', ecosystemId: 'e1', layout: 'SPEAKER' })).toMatchObject({ ecosystemId: 'e1', layout: 'SPEAKER' });
  });

  it('asks for a name and a file name', () => {
    expect(formErrors({ ...emptyForm, name: ' ', fileNameTemplate: '' })).toEqual({ name: 'recordingExports.required', fileNameTemplate: 'recordingExports.required' });
    expect(formErrors({ ...emptyForm, name: 'x' })).toEqual({});
  });

  it('edits what the server answered', () => {
    const d = { definitionId: 'd1', name: 'N', ecosystemId: null, media: 'AUDIO', tracks: 'LEADERS', includeContent: false, layout: null, fileNameTemplate: '{subject}' };
    expect(formOf(d)).toEqual({ definitionId: 'd1', name: 'N', ecosystemId: '', media: 'AUDIO', tracks: 'LEADERS', includeContent: false, layout: '', fileNameTemplate: '{subject}' });
  });
});
