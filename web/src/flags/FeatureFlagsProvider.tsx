/**
 * Reads the feature flags at start-up (a public query) and keeps them current from the server's
 * event stream (/feature-flags). `useFeatureFlag(path)` is false until the flags are known.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { graphql, useRelayEnvironment } from 'react-relay';
import { fetchQuery } from 'relay-runtime';
import type { FeatureFlagsProviderQuery } from './__generated__/FeatureFlagsProviderQuery.graphql';
import { applyFlagEvent, flattenFlags, type FlagValues } from './flags';

// Flags nest at most two levels below the top today; a deeper one would need another level here.
const query = graphql`
  query FeatureFlagsProviderQuery {
    featureFlags {
      path
      value
      nested {
        path
        value
        nested { path value }
      }
    }
  }
`;

const FlagsContext = createContext<FlagValues>(new Map());

export function useFeatureFlag(path: string): boolean {
  return useContext(FlagsContext).get(path) ?? false;
}

export function FeatureFlagsProvider({ children, streamUrl = '/feature-flags' }: { children: ReactNode; streamUrl?: string }) {
  const environment = useRelayEnvironment();
  const [flags, setFlags] = useState<FlagValues>(new Map());

  useEffect(() => {
    let source: EventSource | null = null;
    const subscription = fetchQuery<FeatureFlagsProviderQuery>(environment, query, {}).subscribe({
      next: (data) => {
        const values = flattenFlags(data.featureFlags);
        setFlags(values);
        source?.close();
        source = new EventSource(streamUrl);
        for (const path of values.keys()) {
          source.addEventListener(path, (event: MessageEvent<string>) => setFlags((current) => applyFlagEvent(current, path, event.data)));
        }
      },
      error: (error: unknown) => console.error('Feature flags could not be read', error),
    });
    return () => {
      subscription.unsubscribe();
      source?.close();
    };
  }, [environment, streamUrl]);

  return <FlagsContext.Provider value={flags}>{children}</FlagsContext.Provider>;
}
