/**
 * The page of a used, expired, replaced or mistyped invite link (SPEC sections 2 and 8): "This
 * Invite Link Is Invalid", saying why that may be and what to do next.
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useT } from '../../i18n/terms';

export function InvalidInvite() {
  const t = useT();
  useDocumentTitle(t('join.invalidTitle'));
  return (
    <Paper maw={520} mx="auto" mt="xl" p="lg" withBorder>
      <Stack>
        <Title order={1} size="h2">{t('join.invalidTitle')}</Title>
        <Text>{t('join.invalidText')}</Text>
        <Text>{t('join.invalidNext')}</Text>
        <Group>
          <Button component={Link} to="/login">{t('login.submit')}</Button>
          <Button component={Link} to="/" variant="default">{t('error.goHome')}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
