/**
 * Which admin areas the signed-in user may work in: the internal admin panel (platform admins)
 * and /admin (admins of at least one ecosystem, SUPER_ADMIN); and whether they are a member of an
 * ecosystem at all (the header's /sessions and /classes). Read through Relay's store, so the
 * header and the area guard share one request.
 */
import { graphql } from 'react-relay';
import { fetchQuery, type Environment } from 'relay-runtime';
import type { viewerAreasQuery, viewerAreasQuery$data } from './__generated__/viewerAreasQuery.graphql';

const query = graphql`
  query viewerAreasQuery {
    getCurrentUserV2 {
      id
      isInternalTeamAccount
      ecosystemRoles { ecosystemId role status }
      programRoles { ecosystemId }
    }
  }
`;

export interface ViewerAreas {
  platformAdmin: boolean;
  ecosystemAdmin: boolean;
  /** Holds a role in some ecosystem or program: has sessions and classes to see. */
  member: boolean;
}

export function areasOf(data: viewerAreasQuery$data): ViewerAreas {
  const user = data.getCurrentUserV2;
  return {
    platformAdmin: user?.isInternalTeamAccount === true,
    ecosystemAdmin: user?.ecosystemRoles.some((r) => r.role === 'SUPER_ADMIN' && r.status === 'ACTIVE') === true,
    member: (user?.ecosystemRoles.length ?? 0) + (user?.programRoles.length ?? 0) > 0,
  };
}

export function fetchViewerAreas(environment: Environment, signal?: AbortSignal): Promise<ViewerAreas> {
  return new Promise((resolve, reject) => {
    const subscription = fetchQuery<viewerAreasQuery>(environment, query, {}, { fetchPolicy: 'store-or-network' }).subscribe({
      next: (data) => resolve(areasOf(data)),
      error: (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
    });
    signal?.addEventListener('abort', () => { subscription.unsubscribe(); reject(signal.reason); }, { once: true });
  });
}
