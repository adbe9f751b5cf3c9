/**
 * The ecosystem form's values, client-side checks and the input it sends, apart from the dialog
 * so they can be unit-tested. The server's rules (domain/ecosystem/config.ts): name and short name
 * are required text; only creation derives a missing short name from the name, an edit that clears
 * it is refused. City and state are optional (null clears them). Terms are required text with the
 * defaults Leader, Learner and Module.
 */
import type { MessageId } from '../../i18n/en';
import { isDefaultTerm, SERVER_DEFAULT_TERMS, TERM_KEYS } from '../../i18n/terms';
import type { EcosystemFormDialog_ecosystem$data } from './__generated__/EcosystemFormDialog_ecosystem.graphql';
import type { EcosystemInput } from './useCreateEcosystemMutation';

export const KINDS = ['ECOSYSTEM', 'MARKETPLACE'] as const;
export const ORGANIZATION_KINDS = ['PUBLIC_DISTRICT', 'PRIVATE_SCHOOL', 'NON_PROFIT', 'FOR_PROFIT', 'COMMUNITY_COLLEGE'] as const;
export type Kind = (typeof KINDS)[number];
export type OrganizationKind = (typeof ORGANIZATION_KINDS)[number];

export type TextField = 'name' | 'shortName' | 'city' | 'state' | 'tutorTerm' | 'tuteeTerm' | 'moduleTerm';
export type EcosystemFormValues = Record<TextField, string> & { type: Kind; organizationType: OrganizationKind };
export type EcosystemFormErrors = Partial<Record<TextField, MessageId>>;

export type EcosystemFormSource = Pick<EcosystemFormDialog_ecosystem$data,
  'name' | 'shortName' | 'city' | 'state' | 'tutorTerm' | 'tuteeTerm' | 'moduleTerm' | 'type' | 'organizationType'>;

export function oneOf<T extends string>(options: readonly T[], value: string | null | undefined, fallback: T): T {
  return options.find((option) => option === value) ?? fallback;
}

/** A term that is the default shows as an empty field (the default is its placeholder). */
export function initialValues(ecosystem: EcosystemFormSource | null): EcosystemFormValues {
  const term = (key: (typeof TERM_KEYS)[number]) => (ecosystem && !isDefaultTerm(key, ecosystem[key]) ? ecosystem[key] : '');
  return {
    name: ecosystem?.name ?? '', shortName: ecosystem?.shortName ?? '', city: ecosystem?.city ?? '', state: ecosystem?.state ?? '',
    tutorTerm: term('tutorTerm'), tuteeTerm: term('tuteeTerm'), moduleTerm: term('moduleTerm'),
    type: oneOf(KINDS, ecosystem?.type, 'ECOSYSTEM'),
    organizationType: oneOf(ORGANIZATION_KINDS, ecosystem?.organizationType, 'PUBLIC_DISTRICT'),
  };
}

/** The required fields: name always; short name on edit (only creation derives it from the name). */
export function validate(values: EcosystemFormValues, editing: boolean): EcosystemFormErrors {
  const errors: EcosystemFormErrors = {};
  if (!values.name.trim()) errors.name = 'ecosystems.nameRequired';
  if (editing && !values.shortName.trim()) errors.shortName = 'ecosystems.shortNameRequired';
  return errors;
}

/**
 * Empty optional text is left out on create and cleared (null) on edit. An empty term is left out
 * on create (the platform's defaults apply) and on edit sent as the built-in default, which resets it.
 */
export function toInput(values: EcosystemFormValues, editing: boolean): EcosystemInput {
  const input: EcosystemInput = { name: values.name.trim(), type: values.type, organizationType: values.organizationType };
  const shortName = values.shortName.trim();
  if (shortName || editing) input.shortName = shortName;
  for (const field of ['city', 'state'] as const) {
    const value = values[field].trim();
    if (value) input[field] = value;
    else if (editing) input[field] = null;
  }
  for (const field of TERM_KEYS) {
    const value = values[field].trim();
    if (value) input[field] = value;
    else if (editing) input[field] = SERVER_DEFAULT_TERMS[field];
  }
  return input;
}
