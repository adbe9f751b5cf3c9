/**
 * Custom Lessonspace recording export definitions (decision 0058): platform-wide settings of how a
 * held lesson's recording is exported, kept in one stream, `recordingexports-platform`, and set
 * from the internal admin panel (/internal-admin-panel/custom-lessonspace-video-audio-recording-export-definitions).
 * A definition applies to one ecosystem or to all (ecosystemId null) and says what the export
 * holds: video or audio, whose tracks (everyone or the leaders), whether the shared content
 * (whiteboard) is in the picture, the video layout, and how the file is named.
 */
import { z } from 'zod';
import type { Aggregate, CommandContext, CommandHandler } from '../shared/decider';
import { NotFoundError, ValidationError } from '../shared/errors';
import { zodMessage as zm } from '../shared/i18n';
import { text } from '../ecosystem/fields';
import { fieldLabels } from '../ecosystem/labels';
import { recordingExportMessages as m } from './messages';

export const EXPORT_MEDIA = ['VIDEO', 'AUDIO'] as const;
export const EXPORT_TRACKS = ['EVERYONE', 'LEADERS'] as const;
export const EXPORT_LAYOUTS = ['GRID', 'SPEAKER'] as const;
export const FILE_NAME_PLACEHOLDERS = ['{subject}', '{date}', '{time}', '{sessionId}', '{ecosystem}'] as const;
export const DEFINITION_NAME_MAX = 100;
export const PLATFORM_STREAM_ID = 'platform';

const placeholders = FILE_NAME_PLACEHOLDERS.join(' ');
/** A file name: safe characters, placeholders from the list only, never a path. */
export const fileNameTemplateSchema = z.string().trim().min(1).max(200).refine((t) => {
  const rest = t.replace(/\{[A-Za-z]+\}/g, (p) => ((FILE_NAME_PLACEHOLDERS as readonly string[]).includes(p) ? '' : '/'));
  return /^[A-Za-z0-9 ._-]*$/.test(rest) && !t.startsWith('.');
}, { error: zm(m.templateNotValid({ placeholders })) });

export const exportDefinitionSchema = z.object({
  definitionId: z.uuid(),
  name: text(fieldLabels.name, DEFINITION_NAME_MAX),
  ecosystemId: z.uuid().nullable(),
  media: z.enum(EXPORT_MEDIA),
  tracks: z.enum(EXPORT_TRACKS),
  includeContent: z.boolean(),
  layout: z.enum(EXPORT_LAYOUTS).nullable(),
  fileNameTemplate: fileNameTemplateSchema,
}).superRefine((d, ctx) => {
  if (d.media === 'AUDIO' && d.layout !== null) ctx.addIssue({ code: 'custom', path: ['layout'], message: zm(m.audioHasNoLayout) });
});
export type ExportDefinition = z.infer<typeof exportDefinitionSchema>;
export const deleteExportDefinitionSchema = z.object({ definitionId: z.uuid() });

export type RecordingExportEvent =
  | { type: 'RecordingExportDefinitionCreated'; data: ExportDefinition }
  | { type: 'RecordingExportDefinitionEdited'; data: ExportDefinition }
  | { type: 'RecordingExportDefinitionDeleted'; data: { definitionId: string } };

export type RecordingExportsState = { definitions: Record<string, ExportDefinition> };

export function evolve(state: RecordingExportsState, event: RecordingExportEvent): RecordingExportsState {
  switch (event.type) {
    case 'RecordingExportDefinitionCreated':
    case 'RecordingExportDefinitionEdited':
      return { definitions: { ...state.definitions, [event.data.definitionId]: event.data } };
    case 'RecordingExportDefinitionDeleted': {
      const definitions = { ...state.definitions };
      delete definitions[event.data.definitionId];
      return { definitions };
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const recordingExportsAggregate: Aggregate<RecordingExportsState, RecordingExportEvent> = {
  category: 'recordingexports',
  initialState: { definitions: {} },
  evolve,
  eventSchemas: {
    RecordingExportDefinitionCreated: exportDefinitionSchema,
    RecordingExportDefinitionEdited: exportDefinitionSchema,
    RecordingExportDefinitionDeleted: deleteExportDefinitionSchema,
  },
};

/** Oldest first is the order they were created in; by name reads better on a page. */
export const definitionsOf = (state: RecordingExportsState): ExportDefinition[] =>
  Object.values(state.definitions).sort((a, b) => a.name.localeCompare(b.name) || a.definitionId.localeCompare(b.definitionId));

const same = (a: ExportDefinition, b: ExportDefinition): boolean => JSON.stringify(a) === JSON.stringify(b);

function existing(state: RecordingExportsState, definitionId: string): ExportDefinition {
  const d = state.definitions[definitionId];
  if (!d) throw new NotFoundError(m.definitionNotFound);
  return d;
}

export function createDefinition(input: ExportDefinition, state: RecordingExportsState, _ctx: CommandContext): RecordingExportEvent[] {
  const current = state.definitions[input.definitionId];
  // The id comes from the request's Idempotency-Key: a second create with it is the same request.
  if (current) {
    if (same(current, input)) return [];
    throw ValidationError.forField('definitionId', m.definitionNotFound);
  }
  return [{ type: 'RecordingExportDefinitionCreated', data: input }];
}

export function editDefinition(input: ExportDefinition, state: RecordingExportsState, _ctx: CommandContext): RecordingExportEvent[] {
  return same(existing(state, input.definitionId), input) ? [] : [{ type: 'RecordingExportDefinitionEdited', data: input }];
}

export function deleteDefinition(input: { definitionId: string }, state: RecordingExportsState, _ctx: CommandContext): RecordingExportEvent[] {
  existing(state, input.definitionId);
  return [{ type: 'RecordingExportDefinitionDeleted', data: input }];
}

type Handler<Input> = CommandHandler<Input, RecordingExportsState, RecordingExportEvent>;
const platform = { aggregate: recordingExportsAggregate, aggregateId: () => PLATFORM_STREAM_ID, ecosystemId: () => null };

export const createExportDefinitionHandler: Handler<ExportDefinition> = {
  type: 'CreateRecordingExportDefinition', input: exportDefinitionSchema, ...platform, decide: createDefinition,
};
export const editExportDefinitionHandler: Handler<ExportDefinition> = {
  type: 'EditRecordingExportDefinition', input: exportDefinitionSchema, ...platform, decide: editDefinition,
};
export const deleteExportDefinitionHandler: Handler<{ definitionId: string }> = {
  type: 'DeleteRecordingExportDefinition', input: deleteExportDefinitionSchema, ...platform, decide: deleteDefinition,
};
