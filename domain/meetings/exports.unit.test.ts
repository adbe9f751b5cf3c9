import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { NotFoundError } from '../shared/errors';
import { given } from '../user/given';
import {
  createExportDefinitionHandler, deleteExportDefinitionHandler, editExportDefinitionHandler, fileNameTemplateSchema, type ExportDefinition,
  type RecordingExportEvent,
} from './exports';

const definition: ExportDefinition = {
  definitionId: '9d1f2c3b-4a5e-4f60-8b7c-1d2e3f405162', name: 'District video', ecosystemId: null, media: 'VIDEO', tracks: 'EVERYONE',
  includeContent: true, layout: 'GRID', fileNameTemplate: '{date}_{subject}_{sessionId}',
};
const created: RecordingExportEvent = { type: 'RecordingExportDefinitionCreated', data: definition };

describe('recording export definitions', () => {
  it('creates one, and a repeated create of the same is nothing new', () => {
    given(createExportDefinitionHandler, []).when(definition).then([created]);
    given(createExportDefinitionHandler, [created]).when(definition).then([]);
  });

  it('edits an existing one, and nothing when nothing changed', () => {
    const audio = { ...definition, media: 'AUDIO', layout: null, tracks: 'LEADERS' } as const;
    given(editExportDefinitionHandler, [created]).when(audio).then([{ type: 'RecordingExportDefinitionEdited', data: audio }]);
    given(editExportDefinitionHandler, [created]).when(definition).then([]);
    given(editExportDefinitionHandler, []).when(definition).thenThrows(NotFoundError);
  });

  it('deletes by id; a deleted one can be neither edited nor deleted again', () => {
    const deleted: RecordingExportEvent = { type: 'RecordingExportDefinitionDeleted', data: { definitionId: definition.definitionId } };
    given(deleteExportDefinitionHandler, [created]).when({ definitionId: definition.definitionId }).then([deleted]);
    given(deleteExportDefinitionHandler, [created, deleted]).when({ definitionId: definition.definitionId }).thenThrows(NotFoundError);
    given(editExportDefinitionHandler, [created, deleted]).when(definition).thenThrows(NotFoundError);
  });

  it('refuses an audio export with a layout, and a nameless or two-line name', () => {
    given(createExportDefinitionHandler, []).when({ ...definition, media: 'AUDIO' }).thenThrows(ZodError);
    given(createExportDefinitionHandler, []).when({ ...definition, name: '  ' }).thenThrows(ZodError);
    given(createExportDefinitionHandler, []).when({ ...definition, name: 'two\nlines' }).thenThrows(ZodError);
  });

  it('takes file names of safe characters and known placeholders only, never a path', () => {
    for (const ok of ['{date} {subject}', 'lesson-{sessionId}.part_1', '{ecosystem}_{time}']) expect(fileNameTemplateSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['../{subject}', 'a/b', '{password}', '.hidden', 'x\\y', '', '{subject}\nnext']) {
      expect(fileNameTemplateSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
