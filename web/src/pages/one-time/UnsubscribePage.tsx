/**
 * /unsubscribe/:token: the link at the foot of every notification e-mail (docs/decisions/0072).
 * It names the notification and asks for one click before turning its e-mails off, so a mail
 * scanner that opens links changes nothing. Works signed out; the server checks the token's
 * signature, the page only reads the kind from it to say what will stop.
 */
import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import type { MessageId } from '../../i18n/en';
import { useT } from '../../i18n/terms';
import { SettingsMessages } from '../../i18n/PageMessages';
import { sendUnsubscribe } from './useUnsubscribeMutation';

/** The kinds the settings catalogue names (notifications.kind.*). */
const KINDS = new Set([
  'SESSION_SCHEDULED', 'SESSION_CHANGED', 'SESSION_CANCELLED', 'SESSION_REMINDER', 'NEW_MESSAGE', 'FEEDBACK_REQUESTED', 'TUTORING_REQUEST', 'SUB_REQUEST',
  'NEW_APPLICATION', 'LOW_RATING', 'CHILD_SESSION_SCHEDULED', 'CHILD_SESSION_CANCELLED', 'CHILD_SESSION_REMINDER', 'CHILD_FEEDBACK', 'WEEKLY_REPORT',
]);

type Outcome = { state: 'asking' } | { state: 'working' } | { state: 'done' } | { state: 'failed'; message: string | null };

/** The kind and variant the token names, for the words only (unchecked here; the server checks). */
function claimOf(token: string | undefined): { kind: string; variant: string } | null {
  try {
    const payload = (token ?? '').split('.')[0].replace(/-/g, '+').replace(/_/g, '/');
    const data = JSON.parse(atob(payload)) as { k?: unknown; v?: unknown };
    return typeof data.k === 'string' && typeof data.v === 'string' ? { kind: data.k, variant: data.v } : null;
  } catch {
    return null;
  }
}

function UnsubscribePageContent() {
  const t = useT();
  useDocumentTitle(t('unsubscribe.title'));
  const errorText = useErrorText();
  const { token } = useParams();
  const claim = claimOf(token);
  const [outcome, setOutcome] = useState<Outcome>(claim ? { state: 'asking' } : { state: 'failed', message: null });
  const known = claim !== null && KINDS.has(claim.kind);
  const kind = known ? t(`notifications.kind.${claim.variant === 'staffNotificationPreference' && claim.kind === 'SESSION_CANCELLED' ? 'STAFF_' : ''}${claim.kind}` as MessageId)
    : t('unsubscribe.unknownKind');

  const confirm = () => {
    if (!token) return;
    setOutcome({ state: 'working' });
    sendUnsubscribe(token).then(
      () => setOutcome({ state: 'done' }),
      (error: unknown) => setOutcome({ state: 'failed', message: errorText(error) }),
    );
  };

  return (
    <Paper maw={480} mx="auto" mt="xl" p="lg" withBorder>
      <Stack>
        <Title order={1} size="h2">{t('unsubscribe.title')}</Title>
        {(outcome.state === 'asking' || outcome.state === 'working') && (
          <>
            <Text>{t('unsubscribe.intro', { kind })}</Text>
            <Button onClick={confirm} loading={outcome.state === 'working'}>{t('unsubscribe.confirm')}</Button>
          </>
        )}
        {outcome.state === 'done' && (
          <Alert color="teal" role="status" title={t('unsubscribe.doneTitle')}>
            {t('unsubscribe.done', { kind })}
          </Alert>
        )}
        {outcome.state === 'failed' && (
          <Alert color="red" role="alert" title={t('unsubscribe.failedTitle')}>
            {outcome.message ?? t('unsubscribe.noToken')}
          </Alert>
        )}
        <Anchor component={Link} to="/account-settings/notifications">{t('unsubscribe.settings')}</Anchor>
      </Stack>
    </Paper>
  );
}

export function Component() {
  return <SettingsMessages><UnsubscribePageContent /></SettingsMessages>;
}
