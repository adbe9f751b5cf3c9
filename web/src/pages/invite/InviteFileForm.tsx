/**
 * Inviting from a CSV file: the file is read in the browser and sent whole; the server checks every
 * row first. When any row is bad nothing is imported and each problem is listed by row and column,
 * so the admin fixes the file and sends it again. A clean file of more than 50 rows is invited by a
 * background job whose progress shows here (InviteFileJob), also after the page was left.
 */
import { Alert, Button, FileInput, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router-dom';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { InviteFileJob, rememberFileJob, storedFileJob } from './InviteFileJob';
import { useInviteUsersFromFileMutation, type FileResult } from './useInviteUsersFromFileMutation';

/**
 * Larger files are refused by the server anyway (MAX_FILE_ROWS rows); this keeps the request, the
 * file escaped as JSON, under the API's body limit of 1,000,000 bytes.
 */
const MAX_FILE_BYTES = 900_000;

export function InviteFileForm({ ecosystemId }: { ecosystemId: string }) {
  const t = useT();
  const errorText = useErrorText();
  // The pending list below comes with the page's query: load it again to show the new invitations.
  const revalidator = useRevalidator();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [problems, setProblems] = useState<FileResult['rowErrors']>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [upload, inFlight] = useInviteUsersFromFileMutation();
  const [jobId, setJobId] = useState<string | null>(() => storedFileJob(ecosystemId));
  const follow = (id: string | null) => {
    rememberFileJob(ecosystemId, id);
    setJobId(id);
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblems([]);
    setFailure(null);
    const invalid = !file ? t('inviteFile.required') : file.size > MAX_FILE_BYTES ? t('inviteFile.tooBig') : undefined;
    setFileError(invalid);
    if (!file || invalid) return;
    try {
      const { inviteUsersFromFile: result } = await upload({ variables: { ecosystemId, csv: await file.text() } });
      if (result.rowErrors.length > 0) {
        setProblems(result.rowErrors);
        return;
      }
      setFile(null);
      if (result.job) {
        follow(result.job.id);
        return;
      }
      void revalidator.revalidate();
      showToast({ message: t('inviteFile.sent', { count: result.invited.length }), color: 'green' });
    } catch (error) {
      setFailure(errorText(error));
    }
  };
  return (
    <Paper p="md" withBorder>
      <form onSubmit={submit} noValidate aria-labelledby="invite-file-title">
        <Stack>
          <Title order={2} size="h3" id="invite-file-title">{t('inviteFile.title')}</Title>
          <Text size="sm">{t('inviteFile.intro')}</Text>
          <Text size="sm" ff="monospace" className="wrap-anywhere">email,firstName,lastName,role,program,language</Text>
          {failure && <Alert color="red" role="alert">{failure}</Alert>}
          {jobId && <InviteFileJob key={jobId} jobId={jobId} onDismiss={() => follow(null)} onEnded={() => void revalidator.revalidate()} />}
          {problems.length > 0 && (
            <Alert color="red" role="alert" title={t('inviteFile.problems', { count: problems.length })}>
              <List size="sm" spacing={4}>
                {problems.map((p) => (
                  <List.Item key={`${p.row}-${p.column ?? ''}-${p.message}`}>
                    {p.column ? t('inviteFile.problemAt', { row: p.row, column: p.column, message: p.message }) : t('inviteFile.problemRow', { row: p.row, message: p.message })}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <FileInput label={t('inviteFile.file')} accept=".csv,text/csv" value={file} onChange={setFile} error={fileError}
            aria-invalid={fileError ? true : undefined} clearable clearButtonProps={{ 'aria-label': t('inviteFile.clear') }} />
          <Button type="submit" loading={inFlight} w="fit-content">{t('inviteFile.submit')}</Button>
        </Stack>
      </form>
    </Paper>
  );
}
