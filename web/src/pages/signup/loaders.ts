/** Route loaders of the ecosystem's sign-up pages: its public page and settings, or not-found. */
import type { LoaderFunctionArgs } from 'react-router-dom';
import { notFound } from '../../router/ids';
import { loadLanding, type Landing, type SignupOptions } from './signupOperations';

export interface LandingData {
  profileId: string;
  page: Landing;
  options: SignupOptions;
}

export async function landingLoader({ params, request }: LoaderFunctionArgs): Promise<LandingData> {
  const profileId = params.profileId ?? '';
  const found = await loadLanding(profileId, request.signal);
  return found ? { profileId, ...found } : notFound();
}

export function isLandingData(value: unknown): value is LandingData {
  return typeof value === 'object' && value !== null && typeof (value as LandingData).profileId === 'string'
    && typeof (value as LandingData).page === 'object' && typeof (value as LandingData).options === 'object';
}

/** Types open for sign-up here, in the order the form offers them (PARENT first: the client flow's default). */
export function openTypes(options: SignupOptions): Array<'PARENT' | 'TUTOR' | 'STUDENT'> {
  return [
    ...(options.parent.enabled ? ['PARENT' as const] : []),
    ...(options.tutor.enabled ? ['TUTOR' as const] : []),
    ...(options.studentSignupEnabled ? ['STUDENT' as const] : []),
  ];
}
