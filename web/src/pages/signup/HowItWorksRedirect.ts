/**
 * /s/:profileId/how-it-works (SPEC section 2's tenant-scoped pages): the ecosystem landing page's
 * "How it works" section. It answers with a redirect to `/s/:profileId#how-it-works`, replacing the
 * history entry, so there is one page for it and the layout's ScrollRestoration scrolls to the
 * section by its id.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';

export function loader({ params }: LoaderFunctionArgs): Response {
  return redirect(`/s/${encodeURIComponent(params.profileId ?? '')}#how-it-works`);
}
