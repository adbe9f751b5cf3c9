/** One session of the admin summary, as a table row or (on a phone) a card, with a box to select it. */
import { Badge, Card, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { useIntl } from 'react-intl';
import type { AdminSessionsMessageId } from '../../i18n/adminSessions.en';
import { useT } from '../../i18n/terms';
import type { SessionSummaryEntry_session$key } from './__generated__/SessionSummaryEntry_session.graphql';

const STATUS_COLOR: Record<string, string> = { UPCOMING: 'blue', PENDING: 'yellow', CANCELLED: 'gray', ERROR: 'red' };

export function SessionSummaryEntry({ sessionRef, layout, selected, onToggle }: {
  sessionRef: SessionSummaryEntry_session$key; layout: 'row' | 'card'; selected: boolean; onToggle: () => void;
}) {
  const t = useT();
  const intl = useIntl();
  const session = useFragment(graphql`
    fragment SessionSummaryEntry_session on AdminSessionSummary {
      subject programName sessionType status startAt timeZoneId
      participants { userId name isLeader }
    }
  `, sessionRef);
  const date = intl.formatDate(session.startAt, { dateStyle: 'medium', timeZone: session.timeZoneId });
  const time = intl.formatTime(session.startAt, { timeStyle: 'short', timeZone: session.timeZoneId });
  const when = t('adminSessions.when', { date, time, zone: session.timeZoneId });
  const names = (leaders: boolean) => session.participants.filter((p) => p.isLeader === leaders).map((p) => p.name).join(', ') || t('adminSessions.nobody');
  const box = <Checkbox checked={selected} onChange={onToggle} aria-label={t('adminSessions.select', { subject: session.subject, date: when })} />;
  const status = <Badge variant="light" color={STATUS_COLOR[session.status] ?? 'teal'}>{t(`adminSessions.status.${session.status}` as AdminSessionsMessageId)}</Badge>;
  const people = (
    <Stack gap={0}>
      <Text size="sm" className="wrap-anywhere">{t('adminSessions.leaders', { names: names(true) })}</Text>
      <Text size="sm" className="wrap-anywhere">{t('adminSessions.learners', { names: names(false) })}</Text>
    </Stack>
  );
  const subject = <Text fw={600} className="wrap-anywhere">{session.subject}</Text>;
  const kind = <Text size="sm">{t(`adminSessions.type.${session.sessionType}` as AdminSessionsMessageId)}</Text>;
  if (layout === 'card') {
    return (
      <Card component="li" withBorder padding="sm">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          {box}
          <Stack gap={2} miw={0} flex={1}>
            {subject}
            <Text size="sm">{when}</Text>
            <Text size="sm" className="wrap-anywhere">{session.programName}</Text>
            {kind}
            {people}
            {status}
          </Stack>
        </Group>
      </Card>
    );
  }
  return (
    <Table.Tr>
      <Table.Td>{box}</Table.Td>
      <Table.Td>{when}</Table.Td>
      <Table.Td>{subject}{kind}</Table.Td>
      <Table.Td className="wrap-anywhere">{session.programName}</Table.Td>
      <Table.Td>{people}</Table.Td>
      <Table.Td>{status}</Table.Td>
    </Table.Tr>
  );
}
