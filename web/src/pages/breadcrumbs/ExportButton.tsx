/** "Export CSV": the whole filtered trail as a file, with its progress read out as it goes. */
import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useRelayEnvironment } from 'react-relay';
import { LOCALES, useLocale } from '../../i18n/locale';
import { useAuditT } from './AuditWords';
import { displayError } from '../../relay/errors';
import type { ServerFilter } from './filters';

type State = { phase: 'idle' } | { phase: 'running'; rows: number } | { phase: 'done'; rows: number } | { phase: 'failed'; error: string };

function download(csv: string, name: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function ExportButton({ ecosystemId, filter, fileName }: { ecosystemId: string; filter: ServerFilter; fileName: string }) {
  const t = useAuditT();
  const { locale } = useLocale();
  const environment = useRelayEnvironment();
  const [state, setState] = useState<State>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = async () => {
    abort.current = new AbortController();
    setState({ phase: 'running', rows: 0 });
    try {
      // The CSV writer loads on first use: most visits to the trail export nothing.
      const { exportCsv } = await import('./breadcrumbsExport');
      const result = await exportCsv({
        environment, ecosystemId, filter, t, localeTag: LOCALES[locale].tag, signal: abort.current.signal,
        onProgress: (rows) => setState({ phase: 'running', rows }),
      });
      download(result.csv, fileName);
      setState({ phase: 'done', rows: result.rows });
    } catch (error) {
      if (!abort.current.signal.aborted) setState({ phase: 'failed', error: displayError(error) });
    }
  };

  return (
    <Group gap="sm">
      <Button variant="default" onClick={() => void run()} loading={state.phase === 'running'}>{t('breadcrumbs.export')}</Button>
      <Text size="sm" role="status" c={state.phase === 'failed' ? 'red.8' : undefined}>
        {state.phase === 'running' && t('breadcrumbs.export.progress', { count: state.rows })}
        {state.phase === 'done' && t('breadcrumbs.export.done', { count: state.rows })}
        {state.phase === 'failed' && t('breadcrumbs.export.failed', { error: state.error })}
      </Text>
    </Group>
  );
}
