/**
 * /su/h/:ticketId: a sign-up ticket (docs/decisions/0045) opens its ecosystem's sign-up pre-filled
 * from the lead; an unknown, used or expired ticket goes to /su/invalid. The page only redirects.
 */
import { replace, type LoaderFunctionArgs } from 'react-router-dom';
import { loadLead } from './signupOperations';

export async function loader({ params, request }: LoaderFunctionArgs): Promise<never> {
  const ticketId = params.ticketId ?? '';
  const lead = await loadLead(ticketId, request.signal);
  if (!lead) throw replace('/su/invalid');
  throw replace(`/s/${encodeURIComponent(lead.profileId)}/signup?ticket=${encodeURIComponent(ticketId)}`);
}

export function Component() {
  return null;
}
