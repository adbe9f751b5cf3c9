/**
 * The ecosystem's sessions for its admins (decision 0060): /admin/ecosystems/:ecosystemId/sessions
 * and the same page in the internal admin panel. Filters, sort and pages of the summary, a
 * selection to cancel or restore (or, with none, every session matching: decision 0064), and the
 * CSV download of the same filters.
 */
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Suspense, useState } from 'react';
import { graphql, type PreloadedQuery } from 'react-relay';
import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import { NotFound } from '../../components/NotFound';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { AdminSessionsMessages } from '../../i18n/PageMessages';
import { TermsProvider, useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { useAreaPaths } from '../../router/paths';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { AdminSessionsPageQuery } from './__generated__/AdminSessionsPageQuery.graphql';
import type { AdminSessionFilters } from './__generated__/SessionSummaryListQuery.graphql';
import { BulkActions } from './BulkActions';
import { SessionFilters } from './SessionFilters';
import { SessionSummaryList } from './SessionSummaryList';
import { downloadExport } from '../../components/downloadExport';

const query = graphql`
  query AdminSessionsPageQuery($ecosystemId: ID!) {
    getEcosystemById(ecosystemId: $ecosystemId) {
      id rawId name tutorTerm tuteeTerm moduleTerm
    }
    getProgramsByEcosystemId(ecosystemId: $ecosystemId, first: 100) { edges { node { id name } } }
  }
`;

export function loader({ request, params }: LoaderFunctionArgs): Promise<PreloadedQuery<AdminSessionsPageQuery>> {
  requireLogin(request);
  return preloadQuery<AdminSessionsPageQuery>(relayEnvironment, query, { ecosystemId: params.ecosystemId ?? '' }, request.signal);
}

function Sessions({ ecosystemId, name, programs }: { ecosystemId: string; name: string; programs: ReadonlyArray<{ id: string; name: string }> }) {
  const t = useT();
  const paths = useAreaPaths();
  const errorText = useErrorText();
  const [filters, setFilters] = useState<AdminSessionFilters>({});
  // The cursors of the pages before this one: the first page has none.
  const [cursors, setCursors] = useState<string[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [fetchKey, setFetchKey] = useState(0);
  useDocumentTitle(t('adminSessions.title', { name }));
  const apply = (next: AdminSessionFilters) => { setFilters(next); setCursors([]); setSelected(new Set()); };
  const turn = (next: string[]) => { setCursors(next); setSelected(new Set()); };
  const toggle = (id: string) => setSelected((old) => {
    const next = new Set(old);
    if (next.has(id)) next.delete(id); else next.add(id);
    return next;
  });
  const exportCsv = () => downloadExport('sessions.csv', ecosystemId, { ...filters })
    .catch((error: unknown) => showToast({ color: 'red', message: t('adminSessions.exportFailed', { reason: errorText(error) }) }));
  return (
    <Stack maw={1200} mx="auto" mt="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2" className="wrap-anywhere">{t('adminSessions.title', { name })}</Title>
        <Anchor component={Link} to={paths.ecosystems} size="sm">{t('programs.back')}</Anchor>
      </Group>
      <Text size="sm">{t('adminSessions.intro')}</Text>
      <SessionFilters programs={programs} onApply={apply} />
      <Group gap="sm">
        <BulkActions ecosystemId={ecosystemId} filters={filters} selected={selected} onDone={() => { setSelected(new Set()); setFetchKey((k) => k + 1); }} />
        <Button variant="default" onClick={() => void exportCsv()}>{t('adminSessions.export')}</Button>
      </Group>
      <Suspense fallback={<Text>{t('adminSessions.loading')}</Text>}>
        <SessionSummaryList ecosystemId={ecosystemId} filters={filters} after={cursors.at(-1) ?? null} pageNumber={cursors.length + 1} fetchKey={fetchKey}
          selected={selected} onToggle={toggle} onPrevious={() => turn(cursors.slice(0, -1))} onNext={(c) => turn([...cursors, c])} />
      </Suspense>
    </Stack>
  );
}

export function Component() {
  const data = useRouteQuery<AdminSessionsPageQuery>(query);
  const ecosystem = data.getEcosystemById;
  if (!ecosystem) return <NotFound />;
  const programs = data.getProgramsByEcosystemId.edges.map((e) => e.node);
  return (
    <TermsProvider terms={ecosystem}>
      <AdminSessionsMessages><Sessions ecosystemId={ecosystem.id} name={ecosystem.name} programs={programs} /></AdminSessionsMessages>
    </TermsProvider>
  );
}
