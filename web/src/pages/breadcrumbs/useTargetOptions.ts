/** Options for the "Item" filter: things of the chosen kind acted on in the ecosystem, searched on the server by name. */
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { useTargetOptionsQuery } from './__generated__/useTargetOptionsQuery.graphql';

const query = graphql`
  query useTargetOptionsQuery($ecosystemId: ID!, $targetType: String, $search: String) {
    getEcosystemBreadcrumbTargets(ecosystemId: $ecosystemId, targetType: $targetType, search: $search, first: 50) {
      targetType
      targetId
      name
    }
  }
`;

export interface TargetOption { value: string; label: string }

export function useTargetOptions(ecosystemId: string, targetType: string | null, search: string, selected: string | null): TargetOption[] {
  const environment = useRelayEnvironment();
  const [debounced] = useDebouncedValue(search, 250);
  const [options, setOptions] = useState<TargetOption[]>([]);
  useEffect(() => {
    const subscription = fetchQuery<useTargetOptionsQuery>(environment, query, { ecosystemId, targetType, search: debounced || null }).subscribe({
      next: (data) => setOptions(data.getEcosystemBreadcrumbTargets.map((t) => ({ value: t.targetId, label: t.name ?? t.targetId }))),
      error: (error: unknown) => console.error('Loading the item filter failed', error),
    });
    return () => subscription.unsubscribe();
  }, [environment, ecosystemId, targetType, debounced]);
  // The item chosen in a shared link stays selectable even when it is not among the names found.
  if (selected && !options.some((o) => o.value === selected)) return [{ value: selected, label: selected }, ...options];
  return options;
}
