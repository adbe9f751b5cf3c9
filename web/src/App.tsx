import { MantineProvider } from '@mantine/core';
import { Component, lazy, Suspense, useMemo, type ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { useToastHost } from './components/toast';
import { FeatureFlagsProvider } from './flags/FeatureFlagsProvider';
import { LocaleProvider } from './i18n/locale';
import { useT } from './i18n/terms';
import { createAppRouter } from './router/routes';
import { appTheme, cssVariablesResolver } from './theme';

const router = createAppRouter();

// Toasts follow an action, never the first paint: their code loads with the first toast (components/toast.ts).
const NotificationsHost = lazy(() => import('./components/NotificationsHost'));

function ThemedApp({ children }: { children: ReactNode }) {
  const t = useT();
  const close = t('dialog.closeButton');
  const theme = useMemo(() => appTheme({ close }), [close]);
  return <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>{children}</MantineProvider>;
}

/**
 * The host's chunk loads with the first toast, which is often an error's, perhaps while offline: if
 * it cannot load, the toasts are lost (and logged), not the whole app with them.
 */
class ToastsBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('The toasts could not be shown', error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function Toasts() {
  return useToastHost() ? <ToastsBoundary><Suspense fallback={null}><NotificationsHost /></Suspense></ToastsBoundary> : null;
}

export function App() {
  return (
    <LocaleProvider>
      <ThemedApp>
        <Toasts />
        <FeatureFlagsProvider>
          <RouterProvider router={router} />
        </FeatureFlagsProvider>
      </ThemedApp>
    </LocaleProvider>
  );
}
