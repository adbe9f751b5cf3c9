/**
 * Whether the signed-in user is a platform admin, for controls outside a route's own query (the
 * header). False while unknown, when logged out, and when the question fails (logged, not shown).
 * It is asked again whenever the access token changes, so a new log-in never sees the last one's
 * answer; the store answers a refreshed token at once.
 */
import { useEffect, useState } from 'react';
import { graphql, useRelayEnvironment } from 'react-relay';
import { fetchQuery } from 'relay-runtime';
import { useAccessToken } from '../relay/browser';
import type { usePlatformAdminQuery } from './__generated__/usePlatformAdminQuery.graphql';

const query = graphql`
  query usePlatformAdminQuery {
    getCurrentUserV2 {
      isInternalTeamAccount
    }
  }
`;

export function useIsPlatformAdmin(): boolean {
  const environment = useRelayEnvironment();
  const token = useAccessToken();
  const [answer, setAnswer] = useState<{ token: string; admin: boolean } | null>(null);

  useEffect(() => {
    if (token === null) return undefined;
    const subscription = fetchQuery<usePlatformAdminQuery>(environment, query, {}, { fetchPolicy: 'store-or-network' }).subscribe({
      next: (data) => setAnswer({ token, admin: data.getCurrentUserV2?.isInternalTeamAccount === true }),
      error: (error: unknown) => {
        console.error('Could not tell whether the user is a platform admin', error);
        setAnswer({ token, admin: false });
      },
    });
    return () => subscription.unsubscribe();
  }, [environment, token]);

  return token !== null && answer?.token === token && answer.admin;
}
