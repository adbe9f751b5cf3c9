/**
 * The error element of the route tree (SPEC section 8): a failed route is logged and shown with
 * the first error message; a 404 answer is the not-found page, which is an answer, not a failure,
 * so it is not logged (router/reload.ts, isNotFound). A failure on a navigation after the
 * first render reloads the page once (router/reload.ts), as does a page whose code failed to load.
 */
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router-dom';
import { useT } from '../i18n/terms';
import { isNotFound, reloadGuard } from '../router/reload';
import { NotFound } from './NotFound';
import { useDocumentTitle } from './useDocumentTitle';
import { useErrorText } from './useErrorText';

export function RouteError() {
  const error = useRouteError();
  const notFound = isNotFound(error);
  useEffect(() => {
    if (notFound) return;
    console.error(error);
    reloadGuard().failed(error);
  }, [error, notFound]);
  if (notFound) return <NotFound />;
  return <Failure error={error} />;
}

function Failure({ error }: { error: unknown }) {
  const t = useT();
  const errorText = useErrorText();
  useDocumentTitle(t('error.title'));
  return (
    <Stack p="md" maw={700}>
      <Title order={1}>{t('error.title')}</Title>
      <Alert color="red" role="alert">{errorText(error)}</Alert>
      <Group>
        <Button onClick={() => window.location.reload()}>{t('error.retry')}</Button>
        <Button component={Link} to="/" variant="default">{t('error.goHome')}</Button>
      </Group>
    </Stack>
  );
}
