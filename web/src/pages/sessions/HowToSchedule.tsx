/** The short help section of /sessions: how to book, repeat, check conflicts and change a session. */
import { List, Stack, Title } from '@mantine/core';
import { useT } from '../../i18n/terms';

export function HowToSchedule() {
  const t = useT();
  return (
    <Stack component="section" aria-labelledby="sessions-help" gap="xs">
      <Title order={2} size="h3" id="sessions-help">{t('sessions.help')}</Title>
      <List size="sm" spacing="xs">
        <List.Item>{t('sessions.help.book')}</List.Item>
        <List.Item>{t('sessions.help.repeat')}</List.Item>
        <List.Item>{t('sessions.help.conflicts')}</List.Item>
        <List.Item>{t('sessions.help.change')}</List.Item>
      </List>
    </Stack>
  );
}
