/**
 * /account-settings/join-program: the open programs of the person's ecosystems that they are not in
 * yet, each with a Join button (joinProgram, docs/decisions/0050). The server decides the role; the
 * list comes back without the program joined.
 */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { graphql, useFragment, type PreloadedQuery } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { NotFound } from '../../components/NotFound';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { SettingsMessages } from '../../i18n/PageMessages';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import { requireLogin } from '../../router/guards';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { JoinProgramPage_user$key } from './__generated__/JoinProgramPage_user.graphql';
import type { JoinProgramPageJoinMutation } from './__generated__/JoinProgramPageJoinMutation.graphql';
import type { JoinProgramPageQuery } from './__generated__/JoinProgramPageQuery.graphql';

const query = graphql`
  query JoinProgramPageQuery {
    getCurrentUserV2 { ...JoinProgramPage_user }
  }
`;

const userFragment = graphql`
  fragment JoinProgramPage_user on User {
    id
    joinablePrograms { id name }
    programRoles { programId role }
  }
`;

const joinMutation = graphql`
  mutation JoinProgramPageJoinMutation($programId: ID!) {
    joinProgram(programId: $programId) { id ...JoinProgramPage_user }
  }
`;

export function loader({ request }: LoaderFunctionArgs): Promise<PreloadedQuery<JoinProgramPageQuery>> {
  requireLogin(request);
  return preloadQuery<JoinProgramPageQuery>(relayEnvironment, query, {}, request.signal);
}

export function Component() {
  const { getCurrentUserV2 } = useRouteQuery<JoinProgramPageQuery>(query);
  if (!getCurrentUserV2) return <NotFound />;
  return <SettingsMessages><JoinProgram userRef={getCurrentUserV2} /></SettingsMessages>;
}

function JoinProgram({ userRef }: { userRef: JoinProgramPage_user$key }) {
  const t = useT();
  useDocumentTitle(t('joinProgram.title'));
  const user = useFragment(userFragment, userRef);
  const errorText = useErrorText();
  const [join, joining] = usePromiseMutation<JoinProgramPageJoinMutation>(joinMutation);
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choose = async (program: { id: string; name: string }) => {
    setError(null);
    setPending(program.id);
    try {
      await join({ variables: { programId: program.id } });
      showToast({ color: 'teal', message: t('joinProgram.joined', { name: program.name }) });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setPending(null);
    }
  };
  return (
    <Stack maw={720} p="md">
      <Title order={1}>{t('joinProgram.title')}</Title>
      <Text>{t('joinProgram.intro')}</Text>
      {error && <Alert color="red" role="alert">{error}</Alert>}
      {user.joinablePrograms.length === 0 && <Text c="dimmed">{t('joinProgram.none')}</Text>}
      {user.joinablePrograms.map((program) => (
        <Paper key={program.id} withBorder p="md">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{program.name}</Text>
            <Button aria-label={t('joinProgram.joinNamed', { name: program.name })} loading={joining && pending === program.id}
              disabled={joining && pending !== program.id} onClick={() => void choose(program)}>{t('joinProgram.join')}</Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
