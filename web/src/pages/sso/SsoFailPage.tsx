/**
 * The single sign-on auth-fail pages (/clever/auth-fail and /classlink/auth-fail of spec section 2,
 * and the same for the other providers): why the sign-in failed, in words, from the reason code the
 * server put in the address; never a server's own text or a stack.
 */
import { Alert, Anchor, Paper, Stack, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useT } from '../../i18n/terms';
import { failureCode } from './ssoReturn';
import { SsoMessages } from '../../i18n/PageMessages';

function SsoFailPageContent() {
  const t = useT();
  useDocumentTitle(t('sso.failTitle'));
  const [params] = useSearchParams();
  const code = failureCode(params.get('reason'));
  return (
    <Paper maw={460} mx="auto" mt="xl" p="lg" withBorder>
      <Stack>
        <Title order={1} size="h2">{t('sso.failTitle')}</Title>
        <Alert color="red" role="alert">{code ? t(`sso.fail.${code}`) : t('sso.fail.unknown')}</Alert>
        <Anchor component={Link} to="/login">{t('sso.backToLogin')}</Anchor>
      </Stack>
    </Paper>
  );
}

export function Component() {
  return <SsoMessages><SsoFailPageContent /></SsoMessages>;
}
