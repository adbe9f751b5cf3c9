/**
 * /account-settings/linked-accounts: the sign-in accounts (Google, Clever, ClassLink, Edlink,
 * Schoology) linked to the signed-in person, removing one (docs/decisions/0046), and linking another
 * while signed in (decision 0047). The server
 * refuses to remove the only way into an account a sign-in created, and the page shows why.
 */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { graphql } from 'react-relay';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { LOCALES, useLocale } from '../../i18n/locale';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { LinkedAccountsPageQuery } from './__generated__/LinkedAccountsPageQuery.graphql';
import { LinkAnotherAccount, LinkResult } from './LinkAnotherAccount';
import { providerName } from './providers';
import { useRemoveLinkedIdentityMutation } from './useRemoveLinkedIdentityMutation';
import { SsoMessages } from '../../i18n/PageMessages';

const query = graphql`
  query LinkedAccountsPageQuery {
    linkedIdentities { id provider email linkedAt }
    ssoLinkOptions { provider ecosystem { id name } }
  }
`;

export function loader({ request }: LoaderFunctionArgs) {
  requireLogin(request);
  return preloadQuery<LinkedAccountsPageQuery>(relayEnvironment, query, {}, request.signal);
}

type Identity = LinkedAccountsPageQuery['response']['linkedIdentities'][number];

function LinkedAccountsPageContent() {
  const t = useT();
  useDocumentTitle(t('linked.title'));
  const { linkedIdentities, ssoLinkOptions } = useRouteQuery<LinkedAccountsPageQuery>(query);
  const [params] = useSearchParams();
  const [identities, setIdentities] = useState<readonly Identity[]>(linkedIdentities);
  const [failed, setFailed] = useState<string | null>(null);
  const errorText = useErrorText();
  const [remove, removing] = useRemoveLinkedIdentityMutation();
  const { locale } = useLocale();
  const date = new Intl.DateTimeFormat(LOCALES[locale].tag, { dateStyle: 'medium' });

  const removeOne = async (id: string) => {
    try {
      setFailed(null);
      const { removeLinkedIdentity } = await remove({ variables: { id } });
      setIdentities(removeLinkedIdentity);
      showToast({ message: t('linked.removed'), color: 'green' });
    } catch (error) {
      setFailed(errorText(error));
    }
  };

  return (
    <Stack maw={620} p="md">
      <Title order={1}>{t('linked.title')}</Title>
      <Text>{t('linked.intro')}</Text>
      <LinkResult linked={params.get('linked')} failed={params.get('failed')} />
      {failed && <Alert color="red" role="alert">{failed}</Alert>}
      {identities.length === 0 ? <Text c="dimmed">{t('linked.none')}</Text> : (
        <Stack component="ul" gap="sm" p={0} style={{ listStyle: 'none' }} aria-label={t('linked.title')}>
          {identities.map((identity) => {
            const provider = providerName(identity.provider);
            const email = identity.email ?? t('linked.noEmail');
            return (
              <Paper component="li" key={identity.id} p="md" withBorder>
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600}>{provider}</Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{email}</Text>
                    <Text size="sm" c="dimmed">{t('linked.linkedOn', { date: date.format(new Date(identity.linkedAt)) })}</Text>
                  </Stack>
                  <Button variant="outline" color="red" loading={removing} onClick={() => void removeOne(identity.id)}
                    aria-label={t('linked.removeLabel', { provider, email })}>
                    {t('linked.remove')}
                  </Button>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      <LinkAnotherAccount options={ssoLinkOptions} />
    </Stack>
  );
}

export function Component() {
  return <SsoMessages><LinkedAccountsPageContent /></SsoMessages>;
}
