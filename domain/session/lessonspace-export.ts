/**
 * Which recording export definition applies to a session, and the name it gives the recording
 * (decision 0065 on top of 0058): the ecosystem's own definition when it has one, else a
 * platform-wide one (ecosystemId null); among several, the first by name, then id, so the choice
 * does not depend on the order they were made in.
 */
import type { ExportDefinition } from '../meetings/exports';

export function exportDefinitionFor(definitions: readonly ExportDefinition[], ecosystemId: string): ExportDefinition | null {
  const byName = [...definitions].sort((a, b) => a.name.localeCompare(b.name) || a.definitionId.localeCompare(b.definitionId));
  return byName.find((d) => d.ecosystemId === ecosystemId) ?? byName.find((d) => d.ecosystemId === null) ?? null;
}

export interface ExportNameValues {
  subject: string;
  /** Local date (YYYY-MM-DD) and time (HH:mm) of the session in its zone. */
  date: string;
  time: string;
  sessionId: string;
  ecosystem: string;
}

/**
 * The template with its placeholders filled, reduced to the template's own safe characters (a
 * subject may hold anything): never a path, never empty, at most 200 characters.
 */
export function exportFileName(template: string, values: ExportNameValues): string {
  const filled = template.replace(/\{(subject|date|time|sessionId|ecosystem)\}/g, (_all, key: keyof ExportNameValues) => values[key]);
  const safe = filled.replace(/:/g, '-').replace(/[^A-Za-z0-9 ._-]+/g, '_').replace(/^[.\s]+/, '').trim().slice(0, 200);
  return safe === '' ? `recording-${values.sessionId}` : safe;
}
