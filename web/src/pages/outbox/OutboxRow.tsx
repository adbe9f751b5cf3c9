/** One message of the outbox, as a table row or (on a phone) a card, linking to the message. */
import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n/terms';
import { outboxMessagePath } from '../../router/paths';
import type { OutboxRow_message$key } from './__generated__/OutboxRow_message.graphql';
import { channelLabel, kindLabel, languageLabel, statusColor, statusLabel } from './words';

export function OutboxRow({ messageRef, layout }: { messageRef: OutboxRow_message$key; layout: 'row' | 'card' }) {
  const t = useT();
  const intl = useIntl();
  const message = useFragment(graphql`
    fragment OutboxRow_message on OutboxMessage {
      id
      recipient
      kind
      channel
      language
      status
      createdAt
    }
  `, messageRef);
  const link = (
    <Anchor component={Link} to={outboxMessagePath(message.id)} className="wrap-anywhere"
      aria-label={t('outbox.open', { recipient: message.recipient, kind: t(kindLabel(message.kind)) })}>
      {message.recipient}
    </Anchor>
  );
  const status = <Badge color={statusColor(message.status)} variant="light">{t(statusLabel(message.status))}</Badge>;
  const time = <time dateTime={message.createdAt}>{intl.formatDate(message.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>;

  if (layout === 'card') {
    return (
      <Card component="li" withBorder padding="sm">
        <Stack gap={4} miw={0}>
          {link}
          <Text size="sm" className="wrap-anywhere">
            {t(kindLabel(message.kind))} · {t(channelLabel(message.channel))} · {t(languageLabel(message.language))}
          </Text>
          <Group gap="xs">{status}<Text size="sm" c="dimmed">{time}</Text></Group>
        </Stack>
      </Card>
    );
  }
  return (
    <Table.Tr>
      <Table.Td>{link}</Table.Td>
      <Table.Td>{t(kindLabel(message.kind))}</Table.Td>
      <Table.Td>{t(channelLabel(message.channel))}</Table.Td>
      <Table.Td>{t(languageLabel(message.language))}</Table.Td>
      <Table.Td>{status}</Table.Td>
      <Table.Td>{time}</Table.Td>
    </Table.Tr>
  );
}
