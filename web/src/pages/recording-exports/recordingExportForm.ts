/** The recording export definition form's values, checks and input (decisions 0058, 0065). */
import type { RecordingExportsMessageId } from '../../i18n/recordingExports.en';

export const MEDIA = ['VIDEO', 'AUDIO'] as const;
export const TRACKS = ['EVERYONE', 'LEADERS'] as const;
export const LAYOUTS = ['GRID', 'SPEAKER'] as const;
export const PLACEHOLDERS = '{subject} {date} {time} {sessionId} {ecosystem}';

export interface Definition {
  readonly definitionId: string;
  readonly name: string;
  readonly ecosystemId: string | null | undefined;
  readonly media: string;
  readonly tracks: string;
  readonly includeContent: boolean;
  readonly layout: string | null | undefined;
  readonly fileNameTemplate: string;
}

export interface ExportForm {
  /** null: a new definition. */
  definitionId: string | null;
  name: string;
  /** '' applies to every ecosystem. */
  ecosystemId: string;
  media: (typeof MEDIA)[number];
  tracks: (typeof TRACKS)[number];
  includeContent: boolean;
  layout: (typeof LAYOUTS)[number] | '';
  fileNameTemplate: string;
}

export const emptyForm: ExportForm = {
  definitionId: null, name: '', ecosystemId: '', media: 'VIDEO', tracks: 'EVERYONE', includeContent: true, layout: 'GRID', fileNameTemplate: '{subject} {date} {time}',
};

const oneOf = <T extends string>(list: readonly T[], value: string | null | undefined, fallback: T): T => list.find((v) => v === value) ?? fallback;

export function formOf(d: Definition): ExportForm {
  return {
    definitionId: d.definitionId, name: d.name, ecosystemId: d.ecosystemId ?? '', media: oneOf(MEDIA, d.media, 'VIDEO'), tracks: oneOf(TRACKS, d.tracks, 'EVERYONE'),
    includeContent: d.includeContent, layout: d.layout ? oneOf(LAYOUTS, d.layout, 'GRID') : '', fileNameTemplate: d.fileNameTemplate,
  };
}

export type FormErrors = Partial<Record<'name' | 'fileNameTemplate', RecordingExportsMessageId>>;

/** What the browser can tell before sending; the server checks the rest (a template's characters and placeholders). */
export function formErrors(f: ExportForm): FormErrors {
  const errors: FormErrors = {};
  if (f.name.trim() === '') errors.name = 'recordingExports.required';
  if (f.fileNameTemplate.trim() === '') errors.fileNameTemplate = 'recordingExports.required';
  return errors;
}

/** The mutation's input: audio has no layout. */
export function inputOf(f: ExportForm) {
  return {
    name: f.name.trim(), ecosystemId: f.ecosystemId === '' ? null : f.ecosystemId, media: f.media, tracks: f.tracks, includeContent: f.includeContent,
    layout: f.media === 'AUDIO' || f.layout === '' ? null : f.layout, fileNameTemplate: f.fileNameTemplate.trim(),
  };
}
