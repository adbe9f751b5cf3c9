/** The application's text fields in the order the form shows them, and the subject categories (SPEC section 9). */
import type { SignupMessageId as MessageId } from './i18n/catalogue';

export const SUBJECTS = ['Art', 'Business', 'College Essay', 'Engineering/Tech', 'English', 'Foreign Language', 'Math', 'Music', 'Test Prep',
  'Science', 'Social Studies', 'Other'] as const;

export type TextKey = 'dateOfBirth' | 'phoneNumber' | 'courses' | 'zipCode' | 'school' | 'gradeLevel' | 'availability' | 'bio';

export const DRAFT_FIELDS: ReadonlyArray<{ key: TextKey; label: MessageId; kind: 'text' | 'date' | 'long' }> = [
  { key: 'dateOfBirth', label: 'signup.field.dateOfBirth', kind: 'date' },
  { key: 'phoneNumber', label: 'signup.field.phoneNumber', kind: 'text' },
  { key: 'zipCode', label: 'signup.field.zipCode', kind: 'text' },
  { key: 'school', label: 'signup.field.school', kind: 'text' },
  { key: 'gradeLevel', label: 'signup.field.gradeLevel', kind: 'text' },
  { key: 'courses', label: 'signup.field.courses', kind: 'text' },
  { key: 'availability', label: 'signup.field.availability', kind: 'long' },
  { key: 'bio', label: 'signup.field.bio', kind: 'long' },
];
