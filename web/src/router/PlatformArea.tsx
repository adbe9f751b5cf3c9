/**
 * The internal admin panel's layout route: platform admins only. Anyone else signed in is sent to
 * the same page in the ecosystem admins' area (/admin), which shows what they administer.
 */
import { Outlet, replace, type LoaderFunctionArgs } from 'react-router-dom';
import { relayEnvironment } from '../relay/browser';
import { requireLogin } from './guards';
import { ecosystemAreaPathFor } from './paths';
import { fetchViewerAreas } from './viewerAreas';

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  requireLogin(request);
  const { platformAdmin } = await fetchViewerAreas(relayEnvironment, request.signal);
  const url = new URL(request.url);
  if (!platformAdmin) throw replace(ecosystemAreaPathFor(url.pathname, url.search));
  return null;
}

export const Component = Outlet;
