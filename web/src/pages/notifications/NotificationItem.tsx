/** One notification: its text in the reader's language, when it came, its read state, and its actions. */
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { notificationText } from '../../notifications/text';
import type { NotificationItem_notification$key } from './__generated__/NotificationItem_notification.graphql';
import { useMarkNotificationsReadMutation } from './useMarkNotificationsReadMutation';

export function NotificationItem({ notificationRef }: { notificationRef: NotificationItem_notification$key }) {
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText();
  const [markRead, marking] = useMarkNotificationsReadMutation();
  const n = useFragment(graphql`
    fragment NotificationItem_notification on Notification {
      id
      kind
      params
      link
      postedAt
      read
    }
  `, notificationRef);
  const text = notificationText(intl, n.kind, (n.params ?? {}) as Record<string, unknown>);
  const time = <time dateTime={n.postedAt}>{t('inbox.postedAt', { time: intl.formatDate(n.postedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}</time>;

  const onMarkRead = async () => {
    try {
      await markRead([n.id]);
    } catch (error) {
      showToast({ color: 'red', message: errorText(error) });
    }
  };

  return (
    <Card component="li" withBorder padding="sm" data-read={n.read} style={n.read ? undefined : { borderLeft: '4px solid var(--mantine-color-blue-filled)' }}>
      <Stack gap={6} miw={0}>
        <Text fw={n.read ? 400 : 600} className="wrap-anywhere">{text}</Text>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Badge variant="light" color={n.read ? 'gray' : 'blue'}>{t(n.read ? 'inbox.read' : 'inbox.unread')}</Badge>
            <Text size="sm" c="dimmed">{time}</Text>
          </Group>
          <Group gap="xs">
            {n.link && <Anchor component={Link} to={n.link} size="sm" aria-label={t('inbox.openOf', { text })}>{t('inbox.open')}</Anchor>}
            {!n.read && (
              <Button size="xs" variant="default" loading={marking} onClick={() => void onMarkRead()} aria-label={t('inbox.markReadOf', { text })}>
                {t('inbox.markRead')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
