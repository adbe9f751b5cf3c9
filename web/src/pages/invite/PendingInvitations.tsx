/**
 * The ecosystem's invitations waiting to be accepted (newest first, the first page), each with
 * "Send again": a new link goes out and the one sent before stops working.
 */
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import type { MessageId } from '../../i18n/en';
import { useT } from '../../i18n/terms';
import type { PendingInvitations_query$key } from './__generated__/PendingInvitations_query.graphql';
import { useResendInviteEmailMutation } from './useResendInviteEmailMutation';

export function PendingInvitations({ queryRef, ecosystemId }: { queryRef: PendingInvitations_query$key; ecosystemId: string }) {
  const t = useT();
  const data = useFragment(graphql`
    fragment PendingInvitations_query on Query @argumentDefinitions(ecosystemId: { type: "ID!" }) {
      getPendingInvitations(ecosystemId: $ecosystemId, first: 20) {
        edges { node { id userId email firstName lastName role timesSent expiresAt } }
        pageInfo { hasNextPage }
      }
    }
  `, queryRef);
  const { edges, pageInfo } = data.getPendingInvitations;
  return (
    <Stack gap="sm" component="section" aria-labelledby="pending-title">
      <Title order={2} size="h3" id="pending-title">{t('invite.pendingTitle')}</Title>
      {edges.length === 0 ? <Text>{t('invite.pendingNone')}</Text> : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {edges.map(({ node }) => <PendingRow key={node.id} invitation={node} ecosystemId={ecosystemId} />)}
        </Stack>
      )}
      {pageInfo.hasNextPage && <Text size="sm" c="dimmed">{t('invite.pendingMore')}</Text>}
    </Stack>
  );
}

type Invitation = { id: string; userId: string; email: string; firstName: string; lastName: string; role: string; timesSent: number; expiresAt: string };

function PendingRow({ invitation, ecosystemId }: { invitation: Invitation; ecosystemId: string }) {
  const t = useT();
  const errorText = useErrorText();
  const [resend, inFlight] = useResendInviteEmailMutation();
  const [error, setError] = useState<string | null>(null);
  const name = `${invitation.firstName} ${invitation.lastName}`;
  const expired = Date.parse(invitation.expiresAt) <= Date.now();
  const sendAgain = async () => {
    setError(null);
    try {
      await resend({ variables: { userId: invitation.userId, ecosystemId } });
      showToast({ message: t('invite.resent', { email: invitation.email }), color: 'green' });
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <Card component="li" withBorder padding="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} miw={0}>
          <Text fw={600} className="wrap-anywhere">{name}</Text>
          <Text size="sm" className="wrap-anywhere">{invitation.email}</Text>
          <Group gap="xs">
            <Badge variant="light">{t(`invite.role.${invitation.role}` as MessageId)}</Badge>
            {expired && <Badge color="gray" variant="light">{t('invite.expired')}</Badge>}
            <Text size="xs" c="dimmed">{t('invite.timesSent', { count: invitation.timesSent })}</Text>
          </Group>
          {error && <Text size="sm" c="red" role="alert">{error}</Text>}
        </Stack>
        <Button variant="light" size="xs" loading={inFlight} onClick={() => void sendAgain()}
          aria-label={t('invite.resendFor', { name })}>{t('invite.resend')}</Button>
      </Group>
    </Card>
  );
}
