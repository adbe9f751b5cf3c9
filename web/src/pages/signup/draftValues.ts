/** The application draft as form values, and the patch the server takes (pure: unit-tested). */
import { formatPhone } from '../profile/profileForm';
import type { Draft } from './signupOperations';

export interface DraftValues {
  dateOfBirth: string;
  phoneNumber: string;
  subjects: string[];
  courses: string;
  zipCode: string;
  school: string;
  gradeLevel: string;
  gpa: number | null;
  locationPreference: string;
  paidPreference: boolean;
  paymentMethod: string;
  availability: string;
  bio: string;
}

export type AutosaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** The stored phone number shows as the spec shows phone numbers, (xxx) xxx-xxxx, as the person typed it. */
export function valuesOf(draft: Draft): DraftValues {
  return {
    dateOfBirth: draft.dateOfBirth ?? '', phoneNumber: formatPhone(draft.phoneNumber ?? ''), subjects: [...draft.subjects], courses: draft.courses.join(', '),
    zipCode: draft.zipCode ?? '', school: draft.school ?? '', gradeLevel: draft.gradeLevel ?? '', gpa: draft.gpa ?? null,
    locationPreference: draft.locationPreference, paidPreference: draft.paidPreference, paymentMethod: draft.paymentMethod,
    availability: draft.availability ?? '', bio: draft.bio ?? '',
  };
}

/** The patch the server takes: blank text as null, courses as a list. */
export function patchOf(pending: Partial<DraftValues>): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(pending)) {
    if (key === 'courses') patch.courses = String(value).split(',').map((c) => c.trim()).filter(Boolean);
    else patch[key] = typeof value === 'string' && value.trim() === '' ? null : value;
  }
  return patch;
}
