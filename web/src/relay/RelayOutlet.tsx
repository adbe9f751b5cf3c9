/**
 * The layout route around every page that shows data: it provides the Relay environment to their
 * hooks. Being a lazy route module, it brings Relay's runtime with the first such page; the log-in
 * page is outside it and loads without.
 */
import { RelayEnvironmentProvider } from 'react-relay';
import { Outlet } from 'react-router-dom';
import { relayEnvironment } from './browser';

export function Component() {
  return (
    <RelayEnvironmentProvider environment={relayEnvironment}>
      <Outlet />
    </RelayEnvironmentProvider>
  );
}
