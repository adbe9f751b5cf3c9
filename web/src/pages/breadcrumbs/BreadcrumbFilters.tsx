/**
 * The trail's filters: person, action, kind of item, item and a date range. Each change goes to
 * the URL (replacing the history entry), which reloads the page's query on the server: a filtered
 * view can be shared by its address.
 */
import { Button, Fieldset, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useCallback, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useAuditT } from './AuditWords';
import type { BreadcrumbFilters_facets$key } from './__generated__/BreadcrumbFilters_facets.graphql';
import { eventLabel, targetLabel } from './describe';
import { isFiltered, NO_FILTER, type TrailFilter } from './filters';
import { targetValue, useTargetOptions } from './useTargetOptions';
import { actorWords } from './words';

const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);

export function BreadcrumbFilters({ facetsRef, ecosystemId, filter, onChange }: {
  facetsRef: BreadcrumbFilters_facets$key; ecosystemId: string; filter: TrailFilter; onChange: (next: TrailFilter) => void;
}) {
  const t = useAuditT();
  const facets = useFragment(graphql`
    fragment BreadcrumbFilters_facets on BreadcrumbFacets {
      actors { userId name role }
      eventTypes
      targetTypes
    }
  `, facetsRef);
  const [search, setSearch] = useState('');
  const set = (patch: Partial<TrailFilter>) => onChange({ ...filter, ...patch });
  const label = (id: ReturnType<typeof eventLabel>, fallback: string) => (id ? t(id) : fallback);
  const kindLabel = useCallback((type: string) => {
    const id = targetLabel(type);
    return id ? t(id) : type;
  }, [t]);
  const targets = useTargetOptions(ecosystemId, filter.targetType, search, filter.target, kindLabel);
  const chosen = filter.targetType && filter.target ? targetValue(filter.targetType, filter.target) : null;
  // Choosing an option writes its label into the input; that is not a new search.
  const searchFor = (text: string) => setSearch(text === targets.find((o) => o.value === chosen)?.label ? '' : text);
  const chooseTarget = (value: string | null) => {
    const option = targets.find((o) => o.value === value);
    set(option ? { targetType: option.targetType, target: option.targetId } : { target: null });
  };
  const actors = facets.actors.map((a) => ({ value: a.userId, label: actorWords({ userId: a.userId, name: a.name, role: a.role ?? '' }, t) })).sort(byLabel);
  const actions = facets.eventTypes.map((type) => ({ value: type, label: label(eventLabel(type, {}), type) })).sort(byLabel);
  const kinds = facets.targetTypes.map((type) => ({ value: type, label: kindLabel(type) })).sort(byLabel);
  const any = t('breadcrumbs.filter.any');

  return (
    <Fieldset legend={t('breadcrumbs.filters')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <Select label={t('breadcrumbs.filter.actor')} placeholder={any} data={actors} value={filter.actor} clearable searchable
          onChange={(actor) => set({ actor })} />
        <Select label={t('breadcrumbs.filter.action')} placeholder={any} data={actions} value={filter.action} clearable searchable
          onChange={(action) => set({ action })} />
        <Select label={t('breadcrumbs.filter.targetType')} placeholder={any} data={kinds} value={filter.targetType} clearable
          onChange={(targetType) => set({ targetType, target: null })} />
        <Select label={t('breadcrumbs.filter.target')} placeholder={t('breadcrumbs.filter.searchTarget')} data={targets}
          value={chosen} clearable searchable onSearchChange={searchFor} filter={({ options }) => options} onChange={chooseTarget} />
        <TextInput type="date" label={t('breadcrumbs.filter.from')} value={filter.from ?? ''} max={filter.to ?? undefined}
          onChange={(e) => set({ from: e.currentTarget.value || null })} />
        <TextInput type="date" label={t('breadcrumbs.filter.to')} value={filter.to ?? ''} min={filter.from ?? undefined}
          onChange={(e) => set({ to: e.currentTarget.value || null })} />
      </SimpleGrid>
      {isFiltered(filter) && (
        <Button variant="subtle" mt="sm" onClick={() => onChange(NO_FILTER)}>{t('breadcrumbs.filter.clear')}</Button>
      )}
    </Fieldset>
  );
}
