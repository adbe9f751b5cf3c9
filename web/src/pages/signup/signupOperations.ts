/**
 * The sign-up pages' operations (schema/signup.graphql), sent without Relay's runtime like the
 * log-in (relay/client.ts): the pages render before anyone has signed in and keep little state.
 */
import { sendOperation } from '../../relay/client';
import { graphql } from '../../relay/graphql';
import type { signupOperationsLandingQuery as LandingQuery } from './__generated__/signupOperationsLandingQuery.graphql';
import type { signupOperationsSignUpMutation as SignUpMutation } from './__generated__/signupOperationsSignUpMutation.graphql';
import type { signupOperationsMyApplicationQuery as MyApplicationQuery } from './__generated__/signupOperationsMyApplicationQuery.graphql';
import type { signupOperationsSaveDraftMutation as SaveDraftMutation } from './__generated__/signupOperationsSaveDraftMutation.graphql';
import type { signupOperationsSubmitMutation as SubmitMutation } from './__generated__/signupOperationsSubmitMutation.graphql';
import type { signupOperationsAcceptWaiverMutation as AcceptWaiverMutation } from './__generated__/signupOperationsAcceptWaiverMutation.graphql';
import type { signupOperationsLeadQuery as LeadQuery } from './__generated__/signupOperationsLeadQuery.graphql';

const landing = graphql`
  query signupOperationsLandingQuery($profileId: String!) {
    getEcosystemProfilePage(profileId: $profileId) {
      ecosystemId name tutorTerm tuteeTerm moduleTerm logoSource
      landing { howItWorksEnabled studentSignupEnabled }
    }
    getSignupOptions(profileId: $profileId) {
      ecosystemId waiverVersion studentSignupEnabled
      tutor { enabled approvalProcessEnabled backgroundCheckEnabled }
      parent { enabled approvalProcessEnabled backgroundCheckEnabled }
    }
  }
`;

export type Landing = NonNullable<LandingQuery['response']['getEcosystemProfilePage']>;
export type SignupOptions = NonNullable<LandingQuery['response']['getSignupOptions']>;

/** The ecosystem's public page and sign-up settings; null for an unknown or archived profile id. */
export async function loadLanding(profileId: string, signal?: AbortSignal): Promise<{ page: Landing; options: SignupOptions } | null> {
  const data = await sendOperation<LandingQuery>(landing, { profileId }, signal);
  return data.getEcosystemProfilePage && data.getSignupOptions ? { page: data.getEcosystemProfilePage, options: data.getSignupOptions } : null;
}

const signUp = graphql`
  mutation signupOperationsSignUpMutation($input: SignUpInput!) { signUp(input: $input) { accepted } }
`;

export function sendSignUp(input: SignUpMutation['variables']['input']) {
  return sendOperation<SignUpMutation>(signUp, { input });
}

const application = graphql`
  fragment signupOperations_application on UserApplication @relay(mask: false) {
    id status applicantType backgroundCheckStatus approvalRequired lastNote waiverVersion waiverAcceptedAt
    draft { dateOfBirth phoneNumber subjects courses zipCode school gradeLevel gpa locationPreference paidPreference paymentMethod availability bio }
  }
`;
void application;

const myApplication = graphql`
  query signupOperationsMyApplicationQuery($ecosystemId: ID!) {
    getMyApplication(ecosystemId: $ecosystemId) { ...signupOperations_application @relay(mask: false) }
  }
`;

export type Application = NonNullable<MyApplicationQuery['response']['getMyApplication']>;
export type Draft = Application['draft'];

export async function loadMyApplication(ecosystemId: string, signal?: AbortSignal): Promise<Application | null> {
  return (await sendOperation<MyApplicationQuery>(myApplication, { ecosystemId }, signal)).getMyApplication ?? null;
}

const saveDraft = graphql`
  mutation signupOperationsSaveDraftMutation($ecosystemId: ID!, $draft: ApplicationDraftInput!) {
    saveApplicationDraft(ecosystemId: $ecosystemId, draft: $draft) { ...signupOperations_application @relay(mask: false) }
  }
`;

export async function sendDraft(ecosystemId: string, draft: SaveDraftMutation['variables']['draft']): Promise<Application> {
  return (await sendOperation<SaveDraftMutation>(saveDraft, { ecosystemId, draft })).saveApplicationDraft;
}

const submit = graphql`
  mutation signupOperationsSubmitMutation($ecosystemId: ID!) {
    submitApplication(ecosystemId: $ecosystemId) { ...signupOperations_application @relay(mask: false) }
  }
`;

export async function sendSubmit(ecosystemId: string): Promise<Application> {
  return (await sendOperation<SubmitMutation>(submit, { ecosystemId })).submitApplication;
}

const acceptWaiver = graphql`
  mutation signupOperationsAcceptWaiverMutation($ecosystemId: ID!, $version: String!) {
    acceptWaiver(ecosystemId: $ecosystemId, version: $version) { ...signupOperations_application @relay(mask: false) }
  }
`;

export async function sendAcceptWaiver(ecosystemId: string, version: string): Promise<Application> {
  return (await sendOperation<AcceptWaiverMutation>(acceptWaiver, { ecosystemId, version })).acceptWaiver;
}

const lead = graphql`
  query signupOperationsLeadQuery($ticketId: String!) {
    getHubSpotEmailSignup(ticketId: $ticketId) { profileId firstName lastName email applicantType }
  }
`;

export type Lead = NonNullable<LeadQuery['response']['getHubSpotEmailSignup']>;

export async function loadLead(ticketId: string, signal?: AbortSignal): Promise<Lead | null> {
  return (await sendOperation<LeadQuery>(lead, { ticketId }, signal)).getHubSpotEmailSignup ?? null;
}
