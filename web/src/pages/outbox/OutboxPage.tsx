/**
 * /internal-admin-panel/outbox: every e-mail and text message the platform recorded, newest first,
 * a page at a time (docs/decisions/0036). With no SMTP_URL or SMS_URL configured, this is where
 * messages stop. The platform admin can send a test e-mail to their own address from here.
 */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { graphql } from 'react-relay';
import { useNavigate, type LoaderFunctionArgs } from 'react-router-dom';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { useLocale } from '../../i18n/locale';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { outboxMessagePath } from '../../router/paths';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { OutboxPageQuery } from './__generated__/OutboxPageQuery.graphql';
import { OutboxList, outboxConnectionId } from './OutboxList';
import { useSendTestMessageMutation } from './useSendTestMessageMutation';
import { OutboxMessages } from '../../i18n/PageMessages';

const query = graphql`
  query OutboxPageQuery {
    ...OutboxList_query
  }
`;

export async function loader({ request }: LoaderFunctionArgs) {
  requireLogin(request);
  return preloadQuery<OutboxPageQuery>(relayEnvironment, query, {}, request.signal);
}

function OutboxPageContent() {
  const t = useT();
  useDocumentTitle(t('outbox.title'));
  const data = useRouteQuery<OutboxPageQuery>(query);
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { locale } = useLocale();
  const [send, sending] = useSendTestMessageMutation();

  const sendTest = async () => {
    try {
      const message = await send(locale, [outboxConnectionId()]);
      showToast({ color: 'teal', message: t('outbox.testSent', { recipient: message.recipient }) });
      navigate(outboxMessagePath(message.id));
    } catch (error) {
      showToast({ color: 'red', message: errorText(error) });
    }
  };

  return (
    <Stack p="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('outbox.title')}</Title>
        <Button onClick={() => void sendTest()} loading={sending}>{t('outbox.sendTest')}</Button>
      </Group>
      <Text>{t('outbox.intro')}</Text>
      <OutboxList queryRef={data} />
    </Stack>
  );
}

export function Component() {
  return <OutboxMessages><OutboxPageContent /></OutboxMessages>;
}
