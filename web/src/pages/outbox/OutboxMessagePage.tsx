/**
 * /internal-admin-panel/outbox/:messageId: one message as it was recorded: who it is for, how its
 * delivery went, and what it says (subject, text, and the HTML part drawn in a sandboxed frame
 * that runs no script and reaches nothing).
 */
import { Anchor, Badge, Card, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { graphql } from 'react-relay';
import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import { NotFound } from '../../components/NotFound';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { entityIdParam } from '../../router/ids';
import { OUTBOX_PATH } from '../../router/paths';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { OutboxMessagePageQuery } from './__generated__/OutboxMessagePageQuery.graphql';
import { channelLabel, kindLabel, languageLabel, statusColor, statusLabel } from './words';
import { OutboxMessages } from '../../i18n/PageMessages';

const query = graphql`
  query OutboxMessagePageQuery($messageId: ID!) {
    getOutboxMessage(messageId: $messageId) {
      id
      recipient
      kind
      channel
      language
      status
      attempts
      transport
      error
      createdAt
      sentAt
      subject
      text
      html
    }
  }
`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  requireLogin(request);
  const messageId = entityIdParam(params, 'messageId', 'OutboxMessage');
  return preloadQuery<OutboxMessagePageQuery>(relayEnvironment, query, { messageId }, request.signal);
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed" component="dt">{label}</Text>
      <Text component="dd" m={0} className="wrap-anywhere">{children}</Text>
    </div>
  );
}

function OutboxMessagePageContent() {
  const t = useT();
  const intl = useIntl();
  const message = useRouteQuery<OutboxMessagePageQuery>(query).getOutboxMessage;
  useDocumentTitle(message ? t('outbox.messageTitle', { recipient: message.recipient }) : undefined);
  if (!message) return <NotFound />;
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'medium' });

  return (
    <Stack p="md">
      <Anchor component={Link} to={OUTBOX_PATH}>{t('outbox.back')}</Anchor>
      <Title order={1} className="wrap-anywhere">{message.subject ?? t(kindLabel(message.kind))}</Title>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} m={0}>
        <Fact label={t('outbox.column.recipient')}>{message.recipient}</Fact>
        <Fact label={t('outbox.column.kind')}>{t(kindLabel(message.kind))}</Fact>
        <Fact label={t('outbox.column.channel')}>{t(channelLabel(message.channel))}</Fact>
        <Fact label={t('outbox.column.language')}>{t(languageLabel(message.language))}</Fact>
        <Fact label={t('outbox.column.status')}>
          <Badge component="span" color={statusColor(message.status)} variant="light">{t(statusLabel(message.status))}</Badge>
        </Fact>
        <Fact label={t('outbox.column.time')}>{when(message.createdAt)}</Fact>
        <Fact label={t('outbox.attempts')}>
          {message.transport ? t('outbox.attemptsValue', { count: message.attempts, transport: message.transport }) : message.attempts}
        </Fact>
        {message.sentAt && <Fact label={t('outbox.sentAt')}>{when(message.sentAt)}</Fact>}
      </SimpleGrid>
      {message.error && <Text c="red.8" role="note" className="wrap-anywhere">{t('outbox.lastError', { error: message.error })}</Text>}
      <Card withBorder component="section" aria-labelledby="outbox-text">
        <Title order={2} size="h4" id="outbox-text">{message.channel === 'SMS' ? t('outbox.smsText') : t('outbox.textPart')}</Title>
        <Code block mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text ?? ''}</Code>
      </Card>
      {message.html && (
        <Card withBorder component="section" aria-labelledby="outbox-html">
          <Group justify="space-between"><Title order={2} size="h4" id="outbox-html">{t('outbox.htmlPart')}</Title></Group>
          <iframe title={t('outbox.htmlPart')} sandbox="" srcDoc={message.html}
            style={{ width: '100%', minHeight: 420, border: '1px solid var(--mantine-color-gray-3)', marginTop: 8, background: '#fff' }} />
        </Card>
      )}
    </Stack>
  );
}

export function Component() {
  return <OutboxMessages><OutboxMessagePageContent /></OutboxMessages>;
}
