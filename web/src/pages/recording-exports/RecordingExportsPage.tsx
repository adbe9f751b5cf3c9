/**
 * /internal-admin-panel/custom-lessonspace-video-audio-recording-export-definitions: the platform
 * admins' list of recording export definitions (decisions 0058, 0065), with a form to create one or
 * change one, and deletion. The server refuses anyone else (FORBIDDEN) and bad input (shown on the
 * fields); the list follows the mutations' answers.
 */
import { Alert, Anchor, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { graphql, type PreloadedQuery } from 'react-relay';
import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { RecordingExportsMessages } from '../../i18n/PageMessages';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { displayError } from '../../relay/errors';
import { requireLogin } from '../../router/guards';
import { ADMIN_ROOT } from '../../router/paths';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { RecordingExportsPageQuery } from './__generated__/RecordingExportsPageQuery.graphql';
import { RecordingExportForm } from './RecordingExportForm';
import { emptyForm, formOf, type Definition, type ExportForm } from './recordingExportForm';
import { useDeleteDefinition } from './useRecordingExportMutations';

const query = graphql`
  query RecordingExportsPageQuery {
    getCustomLessonspaceRecordingExportDefinitions { definitionId name ecosystemId media tracks includeContent layout fileNameTemplate }
    getEcosystems(first: 100) { edges { node { rawId name } } }
  }
`;

export function loader({ request }: LoaderFunctionArgs): Promise<PreloadedQuery<RecordingExportsPageQuery>> {
  requireLogin(request);
  return preloadQuery<RecordingExportsPageQuery>(relayEnvironment, query, {}, request.signal);
}

export function Component() {
  const data = useRouteQuery<RecordingExportsPageQuery>(query);
  const ecosystems = data.getEcosystems.edges.map((e) => e.node);
  return <RecordingExportsMessages><RecordingExports initial={data.getCustomLessonspaceRecordingExportDefinitions} ecosystems={ecosystems} /></RecordingExportsMessages>;
}

type Ecosystems = ReadonlyArray<{ readonly rawId: string; readonly name: string }>;
const byName = (list: Definition[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));

function RecordingExports({ initial, ecosystems }: { initial: readonly Definition[]; ecosystems: Ecosystems }) {
  const t = useT();
  useDocumentTitle(t('recordingExports.title'));
  const [definitions, setDefinitions] = useState<Definition[]>(() => byName([...initial]));
  const [form, setForm] = useState<ExportForm>(emptyForm);
  // Said in a status line, not a toast: at phone width a toast would cover the form.
  const [status, setStatus] = useState<{ color: 'teal' | 'red'; text: string } | null>(null);
  const [remove, removing] = useDeleteDefinition();
  const startEdit = (d: Definition) => {
    setStatus(null);
    setForm(formOf(d));
    document.getElementById('recording-export-form')?.scrollIntoView({ block: 'start' });
  };
  const saved = (d: Definition, created: boolean) => {
    setDefinitions((list) => byName([...list.filter((x) => x.definitionId !== d.definitionId), d]));
    setForm(emptyForm);
    setStatus({ color: 'teal', text: t(created ? 'recordingExports.created' : 'recordingExports.saved', { name: d.name }) });
  };
  const del = async (d: Definition) => {
    setStatus(null);
    try {
      await remove({ variables: { definitionId: d.definitionId } });
      setDefinitions((list) => list.filter((x) => x.definitionId !== d.definitionId));
      if (form.definitionId === d.definitionId) setForm(emptyForm);
      setStatus({ color: 'teal', text: t('recordingExports.deleted', { name: d.name }) });
    } catch (err) {
      setStatus({ color: 'red', text: displayError(err) });
    }
  };
  return (
    <Stack p="md" maw={960}>
      <Anchor component={Link} to={ADMIN_ROOT} size="sm">{t('recordingExports.back')}</Anchor>
      <Title order={1}>{t('recordingExports.title')}</Title>
      <Text>{t('recordingExports.intro')}</Text>
      <section aria-labelledby="recording-exports-list">
        <Stack gap="sm">
          <Title order={2} size="h3" id="recording-exports-list">{t('recordingExports.listTitle')}</Title>
          {definitions.length === 0 ? <Text c="dimmed">{t('recordingExports.empty')}</Text> : (
            <Stack component="ul" gap="sm" aria-labelledby="recording-exports-list" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {definitions.map((d) => <DefinitionCard key={d.definitionId} d={d} ecosystems={ecosystems} busy={removing} onEdit={startEdit} onDelete={(x) => void del(x)} />)}
            </Stack>
          )}
          {status && <Alert color={status.color} role={status.color === 'red' ? 'alert' : 'status'}>{status.text}</Alert>}
        </Stack>
      </section>
      <Paper withBorder p="md">
        <RecordingExportForm key={form.definitionId ?? 'new'} form={form} ecosystems={ecosystems} onChange={setForm} onSaved={saved}
          onCancel={() => setForm(emptyForm)} />
      </Paper>
    </Stack>
  );
}

function DefinitionCard({ d, ecosystems, busy, onEdit, onDelete }: {
  d: Definition; ecosystems: Ecosystems; busy: boolean; onEdit: (d: Definition) => void; onDelete: (d: Definition) => void;
}) {
  const t = useT();
  const where = d.ecosystemId ? ecosystems.find((e) => e.rawId === d.ecosystemId)?.name ?? t('recordingExports.unknownEcosystem') : t('recordingExports.allEcosystems');
  const media = d.media === 'AUDIO' ? t('recordingExports.media.AUDIO') : t('recordingExports.media.VIDEO');
  const tracks = d.tracks === 'LEADERS' ? t('recordingExports.tracks.LEADERS') : t('recordingExports.tracks.EVERYONE');
  const content = t(d.includeContent ? 'recordingExports.withContent' : 'recordingExports.withoutContent');
  return (
    <Card component="li" withBorder>
      <Stack gap={4}>
        <Text fw={600} className="wrap-anywhere">{d.name}</Text>
        <Text size="sm">{where}</Text>
        <Text size="sm">{t('recordingExports.summary', { media, tracks, content })}</Text>
        <Text size="sm" c="dimmed" className="wrap-anywhere">{d.fileNameTemplate}</Text>
        <Group gap="xs" mt={4}>
          <Button size="xs" variant="default" onClick={() => onEdit(d)} aria-label={t('recordingExports.editNamed', { name: d.name })}>{t('recordingExports.edit')}</Button>
          <Button size="xs" color="red" variant="light" loading={busy} onClick={() => onDelete(d)} aria-label={t('recordingExports.deleteNamed', { name: d.name })}>
            {t('recordingExports.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
