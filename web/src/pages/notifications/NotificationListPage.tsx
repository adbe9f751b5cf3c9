/**
 * /notifications: the signed-in person's in-app notifications, newest first, a page at a time, each
 * in the reader's language (decision 0073). Unread ones stand out and can be marked read one by one
 * or all at once; the list and the header's count follow the live stream without a reload.
 */
import { Button, Group, Stack, Title } from '@mantine/core';
import { graphql } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { NotificationsMessages } from '../../i18n/PageMessages';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { NotificationListPageQuery } from './__generated__/NotificationListPageQuery.graphql';
import { NotificationsList } from './NotificationsList';
import { useMarkAllNotificationsReadMutation } from './useMarkAllNotificationsReadMutation';

const query = graphql`
  query NotificationListPageQuery {
    ...NotificationsList_query
  }
`;

export async function loader({ request }: LoaderFunctionArgs) {
  requireLogin(request);
  return preloadQuery<NotificationListPageQuery>(relayEnvironment, query, {}, request.signal);
}

function NotificationsPageContent() {
  const t = useT();
  useDocumentTitle(t('inbox.title'));
  const data = useRouteQuery<NotificationListPageQuery>(query);
  const errorText = useErrorText();
  const [markAll, marking] = useMarkAllNotificationsReadMutation();

  const markAllRead = async () => {
    try {
      await markAll();
      showToast({ color: 'teal', message: t('inbox.allRead') });
    } catch (error) {
      showToast({ color: 'red', message: errorText(error) });
    }
  };

  return (
    <Stack p="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('inbox.title')}</Title>
        <Button variant="light" onClick={() => void markAllRead()} loading={marking}>{t('inbox.markAllRead')}</Button>
      </Group>
      <NotificationsList queryRef={data} />
    </Stack>
  );
}

export function Component() {
  return <NotificationsMessages><NotificationsPageContent /></NotificationsMessages>;
}
