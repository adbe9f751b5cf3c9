/**
 * An ecosystem's sign-up applications for its admins (getUserApplications, docs/decisions/0044):
 * /admin/ecosystems/:ecosystemId/applications and the same page in the internal admin panel.
 * `?status=` filters; each application opens to its answers and the admin's decisions.
 */
import { Anchor, Group, Select, Stack, Text, Title } from '@mantine/core';
import { graphql, type PreloadedQuery } from 'react-relay';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { NotFound } from '../../components/NotFound';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { TermsProvider } from '../../i18n/terms';
import { useSignupT as useT, SignupWords } from '../signup/SignupWords';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { useAreaPaths } from '../../router/paths';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { ApplicationsPageQuery, ApplicationStatus } from './__generated__/ApplicationsPageQuery.graphql';
import { ApplicationCard } from './ApplicationCard';

export const STATUSES = ['SUBMITTED', 'CHANGES_REQUESTED', 'DRAFT', 'APPROVED', 'DECLINED'] as const;

const query = graphql`
  query ApplicationsPageQuery($ecosystemId: ID!, $statuses: [ApplicationStatus!]) {
    getEcosystemById(ecosystemId: $ecosystemId) {
      id name tutorTerm tuteeTerm moduleTerm
    }
    getProgramsByEcosystemId(ecosystemId: $ecosystemId, first: 100) { edges { node { id name } } }
    getUserApplications(input: { ecosystemId: $ecosystemId, statuses: $statuses }, first: 100) {
      edges { node { id ...ApplicationCard_application } }
    }
  }
`;

function statusesOf(url: URL): ApplicationStatus[] | null {
  const status = url.searchParams.get('status');
  return status && (STATUSES as readonly string[]).includes(status) ? [status as ApplicationStatus] : null;
}

export function loader({ request, params }: LoaderFunctionArgs): Promise<PreloadedQuery<ApplicationsPageQuery>> {
  requireLogin(request);
  return preloadQuery<ApplicationsPageQuery>(relayEnvironment, query,
    { ecosystemId: params.ecosystemId ?? '', statuses: statusesOf(new URL(request.url)) }, request.signal);
}

export function Component() {
  const data = useRouteQuery<ApplicationsPageQuery>(query);
  if (!data.getEcosystemById) return <NotFound />;
  const programs = data.getProgramsByEcosystemId.edges.map((e) => ({ value: e.node.id, label: e.node.name }));
  return (
    <TermsProvider terms={data.getEcosystemById}>
      <SignupWords><Applications name={data.getEcosystemById.name} ecosystemId={data.getEcosystemById.id} programs={programs}
        applications={data.getUserApplications.edges.map((e) => e.node)} /></SignupWords>
    </TermsProvider>
  );
}

type Node = ApplicationsPageQuery['response']['getUserApplications']['edges'][number]['node'];

function Applications({ name, ecosystemId, programs, applications }: { name: string; ecosystemId: string; programs: Array<{ value: string; label: string }>; applications: readonly Node[] }) {
  const t = useT();
  const paths = useAreaPaths();
  const [params, setParams] = useSearchParams();
  useDocumentTitle(t('applications.title', { name }));
  return (
    <Stack maw={960} mx="auto" mt="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">{t('applications.title', { name })}</Title>
        <Anchor component={Link} to={paths.ecosystems} size="sm">{t('programs.back')}</Anchor>
      </Group>
      <Select label={t('applications.filter')} maw={320} value={params.get('status') ?? ''} allowDeselect={false}
        data={[{ value: '', label: t('applications.filter.all') }, ...STATUSES.map((s) => ({ value: s, label: t(`signup.application.status.${s}`) }))]}
        onChange={(v) => setParams(v ? { status: v } : {})} />
      {applications.length === 0 && <Text c="dimmed">{t('applications.empty')}</Text>}
      {applications.map((a) => <ApplicationCard key={a.id} applicationRef={a} programs={programs} ecosystemId={ecosystemId} />)}
    </Stack>
  );
}
