/** What users read about applications (English; Spanish in api/i18n/es/signup.ts). */
import { defineMessages } from '../shared/i18n';

export const applicationMessages = defineMessages('application', {
  notFound: 'This application does not exist.',
  alreadyStarted: 'This person has already applied to this ecosystem.',
  notEditable: 'This application can no longer be changed: it is {status}.',
  notSubmittable: 'Only a draft or an application sent back for changes can be submitted; this one is {status}.',
  notReviewable: 'Only a submitted application can be reviewed; this one is {status}.',
  emailNotVerified: 'Please confirm your e-mail address before you submit your application.',
  missingAnswers: 'Please answer every required question before you submit.',
  backgroundCheckOpen: 'The background check must be approved (or not required) before the application is approved.',
  backgroundCheckMove: 'A background check cannot go from {from} to {to}.',
  noteRequired: 'Please say what should change.',
  zipCodeFormat: 'ZIP code must have 5 digits, or 5 and 4 like 12345-6789.',
  waiverVersion: 'Accept the current version of the waiver.',
});

/** Field labels of the application draft. */
export const applicationLabels = defineMessages('application.label', {
  dateOfBirth: 'Date of birth',
  phoneNumber: 'Phone number',
  subjects: 'Subjects',
  courses: 'Courses',
  course: 'Course',
  zipCode: 'ZIP code',
  school: 'School',
  gradeLevel: 'Grade level',
  gpa: 'GPA',
  locationPreference: 'Online or in person',
  paidPreference: 'Paid tutoring',
  paymentMethod: 'Payment method',
  availability: 'Availability',
  bio: 'Bio',
  note: 'Note',
  waiverVersion: 'Waiver version',
});
