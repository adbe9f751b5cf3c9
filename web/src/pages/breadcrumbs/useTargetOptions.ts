/**
 * Options for the "Item" filter: things of the chosen kind acted on in the ecosystem, searched on
 * the server by name, each labelled in words (targets.ts). The same request reads the events that
 * name jobs and e-mail reservations when the list may hold some.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { useAuditReader } from './AuditWords';
import type { useTargetOptionsQuery } from './__generated__/useTargetOptionsQuery.graphql';
import { NAMED_BY_EVENTS, NO_NAMES, targetNames, targetOptionLabel, type TargetNames, type TargetRef } from './targets';

const query = graphql`
  query useTargetOptionsQuery($ecosystemId: ID!, $targetType: String, $search: String, $withNames: Boolean!) {
    getEcosystemBreadcrumbTargets(ecosystemId: $ecosystemId, targetType: $targetType, search: $search, first: 50) {
      targetType
      targetId
      name
    }
    namingEvents: getEcosystemBreadcrumbs(
      ecosystemId: $ecosystemId, first: 200, filter: { eventTypes: ["BatchJobQueued", "UserEmailReserved"] }
    ) @include(if: $withNames) {
      edges { node { targetType targetId occurredAt changes } }
    }
  }
`;

/** `value` is "<kind>:<id>": the same id can name two kinds of thing (an ecosystem and its demo data). */
export interface TargetOption { value: string; label: string; targetType: string; targetId: string }

export const targetValue = (targetType: string, targetId: string) => `${targetType}:${targetId}`;

export function useTargetOptions(ecosystemId: string, targetType: string | null, search: string, selected: string | null, kindLabel: (type: string) => string): TargetOption[] {
  const environment = useRelayEnvironment();
  const reader = useAuditReader();
  const [debounced] = useDebouncedValue(search, 250);
  const [found, setFound] = useState<{ targets: readonly TargetRef[]; names: TargetNames }>({ targets: [], names: NO_NAMES });
  const withNames = targetType === null || NAMED_BY_EVENTS.has(targetType);
  useEffect(() => {
    const subscription = fetchQuery<useTargetOptionsQuery>(environment, query, { ecosystemId, targetType, search: debounced || null, withNames }).subscribe({
      next: (data) => setFound({
        targets: data.getEcosystemBreadcrumbTargets,
        names: targetNames(data.namingEvents?.edges.map(({ node }) => node) ?? []),
      }),
      error: (error: unknown) => console.error('Loading the item filter failed', error),
    });
    return () => subscription.unsubscribe();
  }, [environment, ecosystemId, targetType, debounced, withNames]);
  // Labels follow the language at once; the things found stay.
  return useMemo(() => {
    const option = (t: TargetRef): TargetOption => ({
      value: targetValue(t.targetType, t.targetId), targetType: t.targetType, targetId: t.targetId,
      label: targetOptionLabel(t, found.names, reader, kindLabel(t.targetType)),
    });
    const options = found.targets.map(option);
    // The item chosen in a shared link stays selectable even when it is not among the names found.
    if (selected && targetType && !options.some((o) => o.value === targetValue(targetType, selected))) {
      return [option({ targetType, targetId: selected, name: null }), ...options];
    }
    return options;
  }, [found, reader, kindLabel, selected, targetType]);
}
