/** Inputs of the Application commands, validated by the command bus before `decide` runs. */
import { z } from 'zod';
import { optionalParagraph } from '../ecosystem/fields';
import { singleLineText } from '../shared/text';
import { draftChangesSchema } from './draft';
import { APPLICANT_TYPES, BACKGROUND_CHECK_STATUSES, REVIEW_DECISIONS } from './events';
import { applicationLabels as L } from './messages';

export const startApplicationInput = z.object({
  applicationId: z.uuid(),
  ecosystemId: z.uuid(),
  userId: z.uuid(),
  applicantType: z.enum(APPLICANT_TYPES),
  approvalRequired: z.boolean(),
  emailVerificationRequired: z.boolean(),
  backgroundCheckRequired: z.boolean(),
  leadId: z.uuid().nullable().default(null),
});
export type StartApplicationInput = z.infer<typeof startApplicationInput>;

export const saveDraftInput = z.object({ applicationId: z.uuid(), changes: draftChangesSchema });
export type SaveDraftInput = z.infer<typeof saveDraftInput>;

/** `emailVerified`: whether the applicant's address is confirmed now (the API reads it from the account). */
export const submitApplicationInput = z.object({ applicationId: z.uuid(), emailVerified: z.boolean() });
export type SubmitApplicationInput = z.infer<typeof submitApplicationInput>;

export const reviewApplicationInput = z.object({
  applicationId: z.uuid(),
  decision: z.enum(REVIEW_DECISIONS),
  note: optionalParagraph(L.note, 1000).default(null),
});
export type ReviewApplicationInput = z.infer<typeof reviewApplicationInput>;

export const setBackgroundCheckInput = z.object({ applicationId: z.uuid(), status: z.enum(BACKGROUND_CHECK_STATUSES) });
export type SetBackgroundCheckInput = z.infer<typeof setBackgroundCheckInput>;

/** `version` is the waiver text's version the person saw; `current` the version in force now. */
export const acceptWaiverInput = z.object({
  applicationId: z.uuid(), version: z.string().min(1).max(40).superRefine(singleLineText(L.waiverVersion)), current: z.string().min(1).max(40),
});
export type AcceptWaiverInput = z.infer<typeof acceptWaiverInput>;

export type ApplicationCommand =
  | { type: 'StartApplication'; data: StartApplicationInput }
  | { type: 'SaveApplicationDraft'; data: SaveDraftInput }
  | { type: 'SubmitApplication'; data: SubmitApplicationInput }
  | { type: 'ReviewApplication'; data: ReviewApplicationInput }
  | { type: 'SetBackgroundCheckStatus'; data: SetBackgroundCheckInput }
  | { type: 'AcceptWaiver'; data: AcceptWaiverInput };
