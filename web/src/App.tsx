import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { RelayEnvironmentProvider } from 'react-relay';
import { RouterProvider } from 'react-router-dom';
import { TOAST_LIMIT, TOAST_POSITION } from './constants';
import { FeatureFlagsProvider } from './flags/FeatureFlagsProvider';
import { LocaleProvider } from './i18n/locale';
import { relayEnvironment } from './relay/browser';
import { createAppRouter } from './router/routes';

const theme = createTheme({ primaryColor: 'indigo', fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' });
const router = createAppRouter();

export function App() {
  return (
    <MantineProvider theme={theme}>
      <LocaleProvider>
        <Notifications limit={TOAST_LIMIT} position={TOAST_POSITION} />
        <RelayEnvironmentProvider environment={relayEnvironment}>
          <FeatureFlagsProvider>
            <RouterProvider router={router} />
          </FeatureFlagsProvider>
        </RelayEnvironmentProvider>
      </LocaleProvider>
    </MantineProvider>
  );
}
