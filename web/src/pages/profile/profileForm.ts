/**
 * The /edit-profile form as values: what the page starts from, which fields changed (only those
 * are sent, so saving an untouched form changes nothing), and the checks made before sending. The
 * server checks everything again and answers per field.
 */
import type { MessageId } from '../../i18n/en';

export const TEXT_FIELDS = [
  'firstName', 'lastName', 'preferredName', 'phoneNumber', 'status', 'school', 'gradeLevel', 'bio', 'education', 'skillsAccomplishments',
  'hobbiesInterests', 'availabilityDesc', 'applicantType', 'currentMajor', 'expectedGraduationDate', 'organizationName', 'recruitmentSource',
] as const;
export const DEMOGRAPHIC_FIELDS = ['birthdate', 'sex', 'ethnicity', 'highestEducation'] as const;

export type TextField = (typeof TEXT_FIELDS)[number];
export type DemographicField = (typeof DEMOGRAPHIC_FIELDS)[number];

export interface ProfileValues {
  text: Record<TextField, string>;
  demographics: Record<DemographicField, string>;
  timeZoneId: string;
  languagePreference: 'en' | 'sp';
  canDrive: boolean;
}

type Nullable<T> = { readonly [K in keyof T]?: T[K] | null };

export interface LoadedProfile extends Nullable<Record<TextField, string>> {
  readonly timeZoneId?: string | null;
  readonly languagePreference: 'en' | 'sp' | '%future added value';
  readonly canDrive: boolean;
  readonly demographics: Nullable<Record<DemographicField, string>>;
}

export function initialValues(p: LoadedProfile): ProfileValues {
  return {
    text: Object.fromEntries(TEXT_FIELDS.map((f) => [f, p[f] ?? ''])) as Record<TextField, string>,
    demographics: Object.fromEntries(DEMOGRAPHIC_FIELDS.map((f) => [f, p.demographics[f] ?? ''])) as Record<DemographicField, string>,
    timeZoneId: p.timeZoneId ?? '',
    languagePreference: p.languagePreference === 'sp' ? 'sp' : 'en',
    canDrive: p.canDrive,
  };
}

const blankToNull = (v: string): string | null => (v.trim() === '' ? null : v.trim());

/** The ProfileInput of what changed since `before`; empty when nothing did. */
export function changedInput(before: ProfileValues, after: ProfileValues): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const f of TEXT_FIELDS) if (after.text[f].trim() !== before.text[f].trim()) input[f] = blankToNull(after.text[f]);
  if (DEMOGRAPHIC_FIELDS.some((f) => after.demographics[f].trim() !== before.demographics[f].trim())) {
    input.demographics = Object.fromEntries(DEMOGRAPHIC_FIELDS.map((f) => [f, blankToNull(after.demographics[f])]));
  }
  if (after.timeZoneId !== before.timeZoneId) input.timeZoneId = blankToNull(after.timeZoneId);
  if (after.languagePreference !== before.languagePreference) input.languagePreference = after.languagePreference;
  if (after.canDrive !== before.canDrive) input.canDrive = after.canDrive;
  return input;
}

/** Spec section 5: 10 digits with an optional leading 1, punctuation aside. */
export function isPhone(value: string): boolean {
  return /^1?\d{10}$/.test(value.replace(/\D/g, ''));
}

/** The fields to fix before sending, as message ids by field. */
export function validateProfile(v: ProfileValues): Partial<Record<TextField, MessageId>> {
  const errors: Partial<Record<TextField, MessageId>> = {};
  if (!v.text.firstName.trim()) errors.firstName = 'profile.error.required';
  if (!v.text.lastName.trim()) errors.lastName = 'profile.error.required';
  if (v.text.phoneNumber.trim() && !isPhone(v.text.phoneNumber)) errors.phoneNumber = 'profile.error.phone';
  return errors;
}

/** (xxx) xxx-xxxx, as the spec shows phone numbers; anything else as typed. */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value;
}
