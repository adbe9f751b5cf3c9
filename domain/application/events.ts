/**
 * Events of the Application aggregate (stream `application-<applicationId>`): one person's
 * sign-up into one ecosystem, its draft answers, submission, the admins' reviews, the background
 * check and the waiver (docs/decisions/0044-sign-up-and-applications.md). The account and its
 * ecosystem role stay in the User aggregate; approval moves that role with ChangeRoleStatus.
 */
import { z } from 'zod';

/** Who signs up: tutors and parents (customSignupConfig), students where the landing allows it. */
export const APPLICANT_TYPES = ['TUTOR', 'PARENT', 'STUDENT'] as const;
export type ApplicantType = (typeof APPLICANT_TYPES)[number];

export const APPLICATION_STATUSES = ['DRAFT', 'SUBMITTED', 'CHANGES_REQUESTED', 'APPROVED', 'DECLINED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const REVIEW_DECISIONS = ['APPROVED', 'DECLINED', 'CHANGES_REQUESTED'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** Spec section 4: approval and background check statuses. */
export const BACKGROUND_CHECK_STATUSES = ['NOT_STARTED', 'PENDING', 'APPROVED', 'NOT_REQUIRED', 'DECLINED'] as const;
export type BackgroundCheckStatus = (typeof BACKGROUND_CHECK_STATUSES)[number];

export const applicationStartedSchema = z.object({
  applicationId: z.uuid(),
  ecosystemId: z.uuid(),
  userId: z.uuid(),
  applicantType: z.enum(APPLICANT_TYPES),
  /** The ecosystem's customSignupConfig for this type when the person signed up. */
  approvalRequired: z.boolean(),
  emailVerificationRequired: z.boolean(),
  backgroundCheckRequired: z.boolean(),
  /** The sign-up ticket (lead) the person came from, if any. */
  leadId: z.uuid().nullable(),
});

/** Only the draft fields whose value changed; checked by the decider, so the schema checks the form. */
export const applicationDraftSavedSchema = z.object({ applicationId: z.uuid(), changes: z.record(z.string(), z.unknown()) });
export const applicationSubmittedSchema = z.object({ applicationId: z.uuid() });
export const applicationReviewedSchema = z.object({
  applicationId: z.uuid(),
  decision: z.enum(REVIEW_DECISIONS),
  note: z.string().nullable(),
});
export const backgroundCheckStatusSetSchema = z.object({ applicationId: z.uuid(), status: z.enum(BACKGROUND_CHECK_STATUSES) });
export const waiverAcceptedSchema = z.object({ applicationId: z.uuid(), version: z.string(), acceptedAt: z.string() });

export type ApplicationStarted = { type: 'ApplicationStarted'; data: z.infer<typeof applicationStartedSchema> };
export type ApplicationDraftSaved = { type: 'ApplicationDraftSaved'; data: z.infer<typeof applicationDraftSavedSchema> };
export type ApplicationSubmitted = { type: 'ApplicationSubmitted'; data: z.infer<typeof applicationSubmittedSchema> };
export type ApplicationReviewed = { type: 'ApplicationReviewed'; data: z.infer<typeof applicationReviewedSchema> };
export type BackgroundCheckStatusSet = { type: 'BackgroundCheckStatusSet'; data: z.infer<typeof backgroundCheckStatusSetSchema> };
export type WaiverAccepted = { type: 'WaiverAccepted'; data: z.infer<typeof waiverAcceptedSchema> };

export type ApplicationEvent = ApplicationStarted | ApplicationDraftSaved | ApplicationSubmitted | ApplicationReviewed
  | BackgroundCheckStatusSet | WaiverAccepted;

export const applicationEventSchemas = {
  ApplicationStarted: applicationStartedSchema,
  ApplicationDraftSaved: applicationDraftSavedSchema,
  ApplicationSubmitted: applicationSubmittedSchema,
  ApplicationReviewed: applicationReviewedSchema,
  BackgroundCheckStatusSet: backgroundCheckStatusSetSchema,
  WaiverAccepted: waiverAcceptedSchema,
};
