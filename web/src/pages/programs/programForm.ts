/**
 * The program form's checks and the input it sends, apart from the dialog so they can be
 * unit-tested. The server's rules (domain/program/config.ts): name and short name are required
 * text; only creation derives a missing short name from the name, an edit that clears it is refused.
 */
import type { MessageId } from '../../i18n/en';

export interface ProgramFormValues {
  name: string;
  shortName: string;
}

export type ProgramFormErrors = Partial<Record<keyof ProgramFormValues, MessageId>>;

export function validateProgram(values: ProgramFormValues, editing: boolean): ProgramFormErrors {
  const errors: ProgramFormErrors = {};
  if (!values.name.trim()) errors.name = 'programs.nameRequired';
  if (editing && !values.shortName.trim()) errors.shortName = 'programs.shortNameRequired';
  return errors;
}

/** On create an empty short name is left out (the server derives it); on edit it is always sent. */
export function programDetails(values: ProgramFormValues, editing: boolean): { name: string; shortName?: string } {
  const shortName = values.shortName.trim();
  return { name: values.name.trim(), ...(shortName || editing ? { shortName } : {}) };
}
