/** /su/invalid: a sign-up link that was used, expired or mistyped (SPEC section 2). */
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { SignupWords, useSignupT as useT } from './SignupWords';

export function Component() {
  return <SignupWords><InvalidTicket /></SignupWords>;
}

function InvalidTicket() {
  const t = useT();
  useDocumentTitle(t('signup.invalid.title'));
  return (
    <Paper maw={480} mx="auto" mt="xl" p="lg" withBorder>
      <Stack>
        <Title order={1} size="h2">{t('signup.invalid.title')}</Title>
        <Text>{t('signup.invalid.text')}</Text>
        <Anchor component={Link} to="/">{t('signup.invalid.home')}</Anchor>
      </Stack>
    </Paper>
  );
}
