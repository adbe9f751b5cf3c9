/**
 * Changing a role of everyone the filters name (adminUpdateAllUserPermissions, decision 0049), as
 * archiving everyone does: the change is chosen, then the number is asked for and shown in the
 * confirmation (the server refuses if it changed meanwhile), then the job's progress until it ends.
 */
import { Button, Progress, Stack, Text } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useRelayEnvironment } from 'react-relay';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import type { UserRosterFilters } from './__generated__/useUpdateAllPermissionsMutation.graphql';
import { countMatching, followJob, type JobProgress } from './ArchiveAll';
import { FormDialog } from './FormDialog';
import { choiceChanges } from './roleChoices';
import { RoleFields, type Chosen } from './RoleFields';
import { useUpdateAllPermissionsMutation } from './useUpdateAllPermissionsMutation';

/** Long labels (Spanish on a phone) wrap instead of running off the screen. */
export const WRAP = { label: { whiteSpace: 'normal' } } as const;

export function RolesAll({ ecosystemId, filters, onDone }: { ecosystemId: string; filters: UserRosterFilters; onDone: () => void }) {
  const t = useT();
  const environment = useRelayEnvironment();
  const errorText = useErrorText();
  const [choosing, setChoosing] = useState(false);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [count, setCount] = useState<number | null>(null);
  const [progress, setProgress] = useState<JobProgress | null>(null);
  const [counting, setCounting] = useState(false);
  const [start, starting] = useUpdateAllPermissionsMutation();

  const ask = async () => {
    if (!chosen) return;
    setCounting(true);
    try {
      const matching = await countMatching(environment, ecosystemId, filters);
      setChoosing(false);
      setCount(matching);
    } catch (error) {
      showToast({ color: 'red', message: errorText(error) });
    } finally {
      setCounting(false);
    }
  };
  const run = async () => {
    if (count === null || !chosen) return;
    try {
      const jobId = await start(ecosystemId, filters, choiceChanges(chosen.choice), count);
      setCount(null);
      setProgress({ done: 0, total: count });
      const state = await followJob(environment, jobId, setProgress);
      const finished = state === 'FINISHED';
      showToast({ color: finished ? 'teal' : 'red', message: t(finished ? 'adminUsers.roles.allDone' : 'adminUsers.roles.allFailed') });
      onDone();
    } catch (error) {
      setCount(null);
      showToast({ color: 'red', message: errorText(error) });
    }
  };
  const role = chosen?.label ?? '';
  const title = t(chosen?.choice.action !== 'remove' ? 'adminUsers.roles.confirmAllAdd' : 'adminUsers.roles.confirmAllRemove', { count: count ?? 0, role });

  return (
    <Stack gap={4}>
      <Button variant="outline" w="fit-content" maw="100%" h="auto" py={6} styles={WRAP} onClick={() => setChoosing(true)}>{t('adminUsers.roles.all')}</Button>
      {progress && (
        <Stack gap={4} role="status">
          <Text size="sm">{t('adminUsers.roles.progress', { done: progress.done, total: progress.total })}</Text>
          <Progress value={progress.total ? (100 * progress.done) / progress.total : 100} aria-hidden />
        </Stack>
      )}
      <FormDialog opened={choosing} onClose={() => setChoosing(false)} title={t('adminUsers.roles.titleAll')}
        submitLabel={t('adminUsers.roles.submitAll')} onSubmit={() => void ask()} loading={counting}>
        {choosing && (
          <Suspense fallback={<Text size="sm">{t('adminUsers.roles.loading')}</Text>}>
            <RoleFields ecosystemId={ecosystemId} value={chosen} onChange={setChosen} />
          </Suspense>
        )}
      </FormDialog>
      <ConfirmDialog opened={count !== null} onClose={() => setCount(null)} loading={starting} title={title}
        text={count ? t('adminUsers.roles.confirmAllText') : undefined} confirmLabel={t('adminUsers.roles.confirmAllButton', { count: count ?? 0 })}
        onConfirm={count ? () => void run() : undefined} />
    </Stack>
  );
}
