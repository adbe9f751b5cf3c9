/**
 * One variant's notification settings as a table: a row per kind, an Email and a Text checkbox
 * each. Text boxes stay off while the profile has no phone number (the server refuses them too).
 * Saves only the kinds that changed.
 */
import { Alert, Button, Checkbox, Paper, Stack, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import type { MessageId } from '../../i18n/en';
import { useT } from '../../i18n/terms';
import type { Variant } from './settings/rules';

export interface Setting { kind: string; email: boolean; text: boolean }

interface Props {
  variant: Variant;
  settings: ReadonlyArray<Setting>;
  hasPhone: boolean;
  save: (changed: Setting[]) => Promise<unknown>;
}

/** The staff kind shares its name with a personal one but reads differently. */
function kindLabel(variant: Variant, kind: string): MessageId {
  return `notifications.kind.${variant === 'staff' && kind === 'SESSION_CANCELLED' ? 'STAFF_SESSION_CANCELLED' : kind}` as MessageId;
}

export function NotificationTable({ variant, settings, hasPhone, save }: Props) {
  const t = useT();
  const errorText = useErrorText();
  const [values, setValues] = useState<Setting[]>(() => settings.map((s) => ({ ...s })));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = `notifications-${variant}`;
  const set = (kind: string, channel: 'email' | 'text', on: boolean) =>
    setValues((list) => list.map((s) => (s.kind === kind ? { ...s, [channel]: on } : s)));
  const submit = async () => {
    const changed = values.filter((v) => { const before = settings.find((s) => s.kind === v.kind); return !before || before.email !== v.email || before.text !== v.text; });
    setError(null);
    if (changed.length === 0) return showToast({ color: 'gray', message: t('profile.nothingChanged') });
    setSaving(true);
    try {
      await save(changed);
      showToast({ color: 'teal', message: t('notifications.saved') });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>{t(`notifications.section.${variant}`)}</Title>
        <Table layout="fixed" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('notifications.kind')}</Table.Th>
              <Table.Th w="4.5rem" ta="center">{t('notifications.email')}</Table.Th>
              <Table.Th w="4.5rem" ta="center">{t('notifications.text')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {values.map((s) => {
              const kind = t(kindLabel(variant, s.kind));
              return (
                <Table.Tr key={s.kind}>
                  <Table.Td>{kind}</Table.Td>
                  {(['email', 'text'] as const).map((channel) => (
                    <Table.Td key={channel}>
                      <Checkbox mx="auto" w="fit-content" checked={s[channel]} disabled={channel === 'text' && !hasPhone && !s.text}
                        aria-label={t('notifications.channelFor', { channel: t(`notifications.${channel}`), kind })}
                        onChange={(e) => set(s.kind, channel, e.currentTarget.checked)} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Button w="fit-content" loading={saving} onClick={() => void submit()}>{t('common.save')}</Button>
      </Stack>
    </Paper>
  );
}
