/**
 * Time zone: chosen among the US zones of spec section 9 (a zone set elsewhere stays listed as
 * "Other"). When the device's zone differs, it is offered; "Not now" is recorded with
 * editTimezoneCooldownInfo and the offer waits out a growing cooldown (rules.ts). When an admin
 * changed the zone (tzUpdateInfo), a dialog says so once; closing it clears the flag.
 */
import { Alert, Button, Group, Select, Text } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { showToast } from '../../../components/toast';
import { useErrorText } from '../../../components/useErrorText';
import type { MessageId } from '../../../i18n/en';
import { useT } from '../../../i18n/terms';
import { dismissal, shouldSuggestZone, type Cooldown } from './rules';
import { Section } from './Section';
import { useCooldownMutation, useTimeZoneMutation } from './useSettingsMutations';

const ZONES = [
  ['America/New_York', 'Eastern'], ['America/Chicago', 'Central'], ['America/Denver', 'Mountain'], ['America/Phoenix', 'Phoenix'],
  ['America/Los_Angeles', 'Pacific'], ['America/Anchorage', 'Alaska'], ['Pacific/Honolulu', 'Honolulu'],
] as const;

function deviceZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

interface Props {
  zone: string | null | undefined;
  adminChanged: boolean;
  cooldown: Cooldown;
}

export function TimeZoneSection({ zone, adminChanged, cooldown }: Props) {
  const t = useT();
  const errorText = useErrorText();
  const [value, setValue] = useState<string | null>(zone ?? null);
  const [error, setError] = useState<string | null>(null);
  const [saveZone, saving] = useTimeZoneMutation();
  const [record, recording] = useCooldownMutation();
  const device = useMemo(deviceZone, []);
  const [now] = useState(() => Date.now());
  const label = (id: string) => {
    const known = ZONES.find(([z]) => z === id);
    return known ? t(`profile.zone.${known[1]}` as MessageId) : id;
  };
  const data = [
    ...ZONES.map(([id, name]) => ({ value: id, label: t(`profile.zone.${name}` as MessageId) })),
    ...(zone && !ZONES.some(([id]) => id === zone) ? [{ value: zone, label: t('settings.timezone.other', { zone }) }] : []),
  ];
  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      return true;
    } catch (err) {
      setError(errorText(err));
      return false;
    }
  };
  const save = async (next: string) => {
    if (await run(() => saveZone({ variables: { timeZoneId: next } }))) showToast({ color: 'teal', message: t('settings.saved') });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (value && value !== zone) void save(value);
  };
  const suggest = device !== null && shouldSuggestZone(device, zone ?? null, cooldown, now);
  const { numTimesDismissed, latestDetectedTimezone, timeOfMostRecentDismissal } = cooldown;
  return (
    <Section id="settings-timezone" title={t('settings.timezone.title')}>
      {suggest && device && (
        <Alert color="blue" title={t('settings.timezone.suggest', { zone: label(device) })}>
          <Group gap="xs" wrap="wrap">
            <Button size="xs" loading={saving} onClick={() => { setValue(device); void save(device); }}>{t('settings.timezone.useDevice', { zone: label(device) })}</Button>
            <Button size="xs" variant="default" loading={recording}
              onClick={() => void run(() => record({ variables: { input: dismissal(cooldown, device, Date.now()) } }))}>{t('settings.timezone.notNow')}</Button>
          </Group>
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-labelledby="settings-timezone">
        <Group align="flex-end" wrap="wrap">
          <Select label={t('settings.timezone.label')} data={data} value={value} allowDeselect={false} onChange={setValue} style={{ flex: '1 1 14rem' }} />
          <Button type="submit" loading={saving}>{t('common.save')}</Button>
        </Group>
      </form>
      {!zone && <Text size="sm" c="dimmed">{t('settings.timezone.none')}</Text>}
      {error && <Alert color="red" role="alert">{error}</Alert>}
      <ConfirmDialog opened={adminChanged} title={t('settings.timezone.adminTitle')} closeLabel={t('settings.timezone.adminOk')}
        text={t('settings.timezone.adminText', { zone: label(zone ?? '') })} loading={recording}
        onClose={() => void run(() => record({ variables: { input: { numTimesDismissed, latestDetectedTimezone, timeOfMostRecentDismissal, acknowledgeAdminUpdate: true } } }))} />
    </Section>
  );
}
