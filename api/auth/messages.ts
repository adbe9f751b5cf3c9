/** What users read from authentication (one catalogue, English). */

function minutes(ms: number): string {
  const n = Math.max(1, Math.ceil(ms / 60_000));
  return n === 1 ? '1 minute' : `${n} minutes`;
}

export const authMessages = {
  // The same words for an unknown e-mail and a wrong password, so the answer reveals neither.
  invalidCredentials: 'Invalid email or password.',
  // The same words whichever per-account or per-address rule refused, and whether or not the account exists.
  tooManyAttempts: (retryAfterMs: number) => `Too many failed log-in attempts. Please try again in ${minutes(retryAfterMs)}.`,
  // The platform-wide ceiling: the user may not have failed at all, so the words do not blame them.
  loginPaused: (retryAfterMs: number) =>
    `Log-in is paused because of unusual activity. Please try again in ${minutes(retryAfterMs)}.`,
  loginBusy: 'Too many log-ins are in progress. Please try again in a few seconds.',
  notInEcosystem: 'This account does not belong to this ecosystem.',
  sessionExpired: 'Your session has expired. Please log in again.',
  notYourSession: 'You can only log yourself out.',
  wrongCurrentPassword: 'Your current password is incorrect.',
  passwordTooShort: 'Passwords must be at least 8 characters long.',
  passwordTooLong: 'Passwords must be at most 256 characters long.',
} as const;
