/**
 * Messages every area shares: the generic answers and the field checks of the value-object
 * builders (domain/ecosystem/fields.ts), whose `{label}` is itself a message of the area.
 */
import { defineMessages } from './i18n';

export const commonMessages = defineMessages('common', {
  checkFields: 'Please check the highlighted fields.',
  forbidden: 'You do not have permission to do this.',
  logInAgain: 'Please log in again.',
  invalidInput: 'Some fields are not valid.',
  invalidValue: 'This value is not valid.',
  concurrentModification: 'Someone else changed this at the same time. Please try again.',
  changesNotObject: 'The changes must be an object of fields.',
  invalidId: '{label} must be a valid id.',
  pageSizeNegative: 'The page size must be zero or more.',
  pageSizeRange: 'Ask for between 0 and {max, number} entries at a time.',
  invalidCursor: 'This page cursor is not valid; start again from the first page.',
});

/** What a field builder says about a bad value; `label` names the field in the reader's words. */
export const fieldMessages = defineMessages('field', {
  required: '{label} is required.',
  notText: '{label} must be text.',
  tooShort: '{label} must be at least {min} characters.',
  tooLong: '{label} must be at most {max} characters.',
  characterNotAllowed: '{label} contains a character that is not allowed.',
  notTrueOrFalse: '{label} must be true or false.',
  notWholeNumber: '{label} must be a whole number.',
  notNumber: '{label} must be a number.',
  tooSmall: '{label} must be at least {min}.',
  tooLarge: '{label} must be at most {max}.',
  notOneOf: '{label} must be one of: {values}.',
  notList: '{label} must be a list.',
  tooManyEntries: '{label} may have at most {max} entries.',
  repeatsValue: '{label} must not repeat a value.',
  notWebAddress: '{label} must be a web address starting with http:// or https://.',
  notEmail: '{label} must be a valid e-mail address.',
  notPhone: '{label} must have 10 digits (an optional leading 1 is allowed).',
  notClockTime: '{label} must be a time like 09:30.',
  notDate: '{label} must be a date like 2025-08-31.',
});
