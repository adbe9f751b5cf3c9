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

/** `value` is "<kind>:<id>": the same id can name two kinds of thing (an ecosystem and its demo data). */
export interface TargetOption { value: string; label: string; targetType: string; targetId: string }

export const targetValue = (targetType: string, targetId: string) => `${targetType}:${targetId}`;

export function useTargetOptions(ecosystemId: string, targetType: string | null, search: string, selected: string | null, kindLabel: (type: string) => string): TargetOption[] {
  const environment = useRelayEnvironment();
  const [debounced] = useDebouncedValue(search, 250);
  const [options, setOptions] = useState<TargetOption[]>([]);
  useEffect(() => {
    const subscription = fetchQuery<useTargetOptionsQuery>(environment, query, { ecosystemId, targetType, search: debounced || null }).subscribe({
      next: (data) => setOptions(data.getEcosystemBreadcrumbTargets.map((t) => ({
        value: targetValue(t.targetType, t.targetId), targetType: t.targetType, targetId: t.targetId,
        label: `${t.name ?? t.targetId} · ${kindLabel(t.targetType)}`,
      }))),
      error: (error: unknown) => console.error('Loading the item filter failed', error),
    });
    return () => subscription.unsubscribe();
    // kindLabel changes with the language; the options are rebuilt then by the next search.
  }, [environment, ecosystemId, targetType, debounced]);
  // The item chosen in a shared link stays selectable even when it is not among the names found.
  if (selected && targetType && !options.some((o) => o.value === targetValue(targetType, selected))) {
    return [{ value: targetValue(targetType, selected), label: selected, targetType, targetId: selected }, ...options];
  }
  return options;
}
