/**
 * The application draft of spec section 3 (tutor sign-up application): everything but the name,
 * e-mail and password, which the account holds. A save is a patch: keys left out are kept, null
 * clears. The payment method defaults to Venmo as the spec's draft does.
 */
import { z } from 'zod';
import { decimal, flag, list, oneOf, optionalDate, optionalParagraph, optionalPhone, optionalText, setOf, text } from '../ecosystem/fields';
import { SUBJECT_CATEGORIES } from '../ecosystem/groups/directory';
import { zodMessage as zm } from '../shared/i18n';
import { PAYOUT_METHODS } from '../user/profile/fields';
import type { ApplicantType } from './events';
import { applicationLabels as L, applicationMessages } from './messages';

/** Spec section 5: "Preference must be one of no-preference, in-person or online." */
export const LOCATION_PREFERENCES = ['no-preference', 'in-person', 'online'] as const;

const zipCode = optionalText(L.zipCode, 10).refine((v) => v === null || /^\d{5}(-\d{4})?$/.test(v), {
  error: zm(applicationMessages.zipCodeFormat),
});

export const draftFieldsSchema = z.object({
  dateOfBirth: optionalDate(L.dateOfBirth),
  phoneNumber: optionalPhone(L.phoneNumber),
  subjects: setOf(L.subjects, SUBJECT_CATEGORIES),
  courses: list(L.courses, text(L.course, 120), 30),
  zipCode,
  school: optionalText(L.school, 160),
  gradeLevel: optionalText(L.gradeLevel, 40),
  gpa: decimal(L.gpa, 0, 5).nullable(),
  locationPreference: oneOf(L.locationPreference, LOCATION_PREFERENCES),
  paidPreference: flag(L.paidPreference),
  paymentMethod: oneOf(L.paymentMethod, PAYOUT_METHODS),
  availability: optionalParagraph(L.availability, 1000),
  bio: optionalParagraph(L.bio, 2000),
});

export type DraftFields = z.output<typeof draftFieldsSchema>;
export type DraftField = keyof DraftFields;
export type DraftChanges = Partial<DraftFields>;

export const draftChangesSchema = draftFieldsSchema.partial().strict();

export const EMPTY_DRAFT: DraftFields = {
  dateOfBirth: null, phoneNumber: null, subjects: [], courses: [], zipCode: null, school: null, gradeLevel: null, gpa: null,
  locationPreference: 'no-preference', paidPreference: false, paymentMethod: 'VENMO', availability: null, bio: null,
};

/** What must be answered before submitting: a tutor tells what and when they teach; families need only reach. */
export const REQUIRED_ANSWERS: Record<ApplicantType, readonly DraftField[]> = {
  TUTOR: ['dateOfBirth', 'phoneNumber', 'subjects', 'availability', 'bio'],
  PARENT: ['phoneNumber'],
  STUDENT: ['gradeLevel'],
};

export function isAnswered(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  return !Array.isArray(value) || value.length > 0;
}
