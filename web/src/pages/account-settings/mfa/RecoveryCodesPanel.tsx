/**
 * The recovery codes, shown once (docs/decisions/0039): the person saves them before going on; the
 * server keeps only their hashes and never shows them again.
 */
import { Alert, Button, Checkbox, Code, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../i18n/terms';

export function RecoveryCodesPanel({ codes, onDone, doneLabel }: { codes: readonly string[]; onDone: () => void; doneLabel: string }) {
  const t = useT();
  const [saved, setSaved] = useState(false);
  return (
    <Stack>
      <Text fw={600} id="recovery-codes-title">{t('mfa.recoveryTitle')}</Text>
      <Alert color="yellow">{t('mfa.recoveryOnce')}</Alert>
      <SimpleGrid cols={2} spacing="xs" component="ul" aria-labelledby="recovery-codes-title" data-testid="recovery-codes" style={{ listStyle: 'none', padding: 0 }}>
        {codes.map((code) => <li key={code}><Code fz="md">{code}</Code></li>)}
      </SimpleGrid>
      <Checkbox label={t('mfa.recoverySaved')} checked={saved} onChange={(e) => setSaved(e.currentTarget.checked)} />
      <Button onClick={onDone} disabled={!saved} w="fit-content">{doneLabel}</Button>
    </Stack>
  );
}
