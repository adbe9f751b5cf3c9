import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useT } from '../i18n/terms';
import { useDocumentTitle } from './useDocumentTitle';

export function NotFound() {
  const t = useT();
  useDocumentTitle(t('notFound.title'));
  return (
    <Stack p="md" maw={700}>
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.text')}</Text>
      <Button component={Link} to="/" w="fit-content">{t('error.goHome')}</Button>
    </Stack>
  );
}
