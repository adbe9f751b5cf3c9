/**
 * Reads the feature flags at start-up (a public query) and keeps them current from the server's
 * event stream (/feature-flags). `useFeatureFlag(path)` is false until the flags are known. Sent
 * without Relay (relay/client.ts), so the first page need not load Relay's runtime for them.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { browserSession, sendOperation } from '../relay/client';
import { graphql } from '../relay/graphql';
import type { FeatureFlagsProviderQuery } from './__generated__/FeatureFlagsProviderQuery.graphql';
import { applyFlagEvent, flattenFlags, streamWithOwner, type FlagValues } from './flags';

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
  const [flags, setFlags] = useState<FlagValues>(new Map());

  useEffect(() => {
    const controller = new AbortController();
    let source: EventSource | null = null;
    sendOperation<FeatureFlagsProviderQuery>(query, {}, controller.signal).then((data) => {
      if (controller.signal.aborted) return;
      const values = flattenFlags(data.featureFlags);
      setFlags(values);
      source = new EventSource(streamWithOwner(streamUrl, browserSession.accessToken()));
      for (const path of values.keys()) {
        source.addEventListener(path, (event: MessageEvent<string>) => setFlags((current) => applyFlagEvent(current, path, event.data)));
      }
    }, (error: unknown) => {
      if (!controller.signal.aborted) console.error('Feature flags could not be read', error);
    });
    return () => {
      controller.abort();
      source?.close();
    };
  }, [streamUrl]);

  return <FlagsContext.Provider value={flags}>{children}</FlagsContext.Provider>;
}
