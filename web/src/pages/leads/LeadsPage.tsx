/**
 * An ecosystem's sign-up leads for its admins (signupLeads, docs/decisions/0045 amendment):
 * /admin/ecosystems/:ecosystemId/leads and the same page in the internal admin panel. Newest first,
 * a page at a time, `?status=` filters; each open lead offers the ecosystem's sign-up link to copy.
 */
import { Anchor, Group, Select, Stack, Text, Title } from '@mantine/core';
import { graphql, type PreloadedQuery } from 'react-relay';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { NotFound } from '../../components/NotFound';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { LeadsMessages } from '../../i18n/PageMessages';
import { TermsProvider, useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { useAreaPaths } from '../../router/paths';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { LeadsPageQuery, SignupLeadStatus } from './__generated__/LeadsPageQuery.graphql';
import { LeadList } from './LeadList';

export const STATUSES = ['OPEN', 'USED', 'EXPIRED'] as const;

const query = graphql`
  query LeadsPageQuery($ecosystemId: ID!, $status: SignupLeadStatus) {
    getEcosystemById(ecosystemId: $ecosystemId) {
      id name tutorTerm tuteeTerm moduleTerm
    }
    ...LeadList_query
  }
`;

function statusOf(url: URL): SignupLeadStatus | null {
  const status = url.searchParams.get('status');
  return status && (STATUSES as readonly string[]).includes(status) ? status as SignupLeadStatus : null;
}

export function loader({ request, params }: LoaderFunctionArgs): Promise<PreloadedQuery<LeadsPageQuery>> {
  requireLogin(request);
  return preloadQuery<LeadsPageQuery>(relayEnvironment, query,
    { ecosystemId: params.ecosystemId ?? '', status: statusOf(new URL(request.url)) }, request.signal);
}

function Leads({ name, data }: { name: string; data: LeadsPageQuery['response'] }) {
  const t = useT();
  const paths = useAreaPaths();
  const [params, setParams] = useSearchParams();
  useDocumentTitle(t('leads.title', { name }));
  return (
    <Stack maw={960} mx="auto" mt="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2" className="wrap-anywhere">{t('leads.title', { name })}</Title>
        <Anchor component={Link} to={paths.ecosystems} size="sm">{t('programs.back')}</Anchor>
      </Group>
      <Text size="sm">{t('leads.intro')}</Text>
      <Select label={t('leads.filter')} maw={320} value={params.get('status') ?? ''} allowDeselect={false}
        data={[{ value: '', label: t('leads.filter.all') }, ...STATUSES.map((s) => ({ value: s, label: t(`leads.status.${s}`) }))]}
        onChange={(v) => setParams(v ? { status: v } : {})} />
      <LeadList queryRef={data} />
    </Stack>
  );
}

export function Component() {
  const data = useRouteQuery<LeadsPageQuery>(query);
  if (!data.getEcosystemById) return <NotFound />;
  return (
    <TermsProvider terms={data.getEcosystemById}>
      <LeadsMessages><Leads name={data.getEcosystemById.name} data={data} /></LeadsMessages>
    </TermsProvider>
  );
}
