/**
 * The pages' parent route: renders the page and, once it has rendered (not when it failed, which
 * shows RouteError instead), tells the reload guard that this navigation succeeded.
 */
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { reloadGuard } from '../router/reload';

export function RouteContent() {
  const { key } = useLocation();
  useEffect(() => { reloadGuard().rendered(); }, [key]);
  return <Outlet />;
}
