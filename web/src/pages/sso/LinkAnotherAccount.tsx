/**
 * The linked-accounts page's "link another" part (decision 0047): a button per provider of each of
 * the person's ecosystems. startSsoLink answers this server's /sso/:provider/link address with a
 * one-use ticket; the browser goes there, on to the provider and back to the page with
 * `?linked=PROVIDER` or `?failed=CODE`, which LinkResult shows.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { failureCode } from './ssoReturn';
import { providerName } from './providers';
import type { SsoProvider } from './__generated__/useStartSsoLinkMutation.graphql';
import { useStartSsoLinkMutation } from './useStartSsoLinkMutation';

export interface LinkOption {
  readonly provider: SsoProvider;
  readonly ecosystem: { readonly id: string; readonly name: string };
}

export function LinkAnotherAccount({ options }: { options: readonly LinkOption[] }) {
  const t = useT();
  const errorText = useErrorText();
  const [start] = useStartSsoLinkMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const manyEcosystems = new Set(options.map((o) => o.ecosystem.id)).size > 1;

  const go = async (option: LinkOption) => {
    const key = `${option.ecosystem.id}:${option.provider}`;
    setBusy(key);
    setFailed(null);
    try {
      const { startSsoLink } = await start({ variables: { ecosystemId: option.ecosystem.id, provider: option.provider } });
      window.location.assign(startSsoLink);
    } catch (error) {
      setFailed(errorText(error));
      setBusy(null);
    }
  };

  return (
    <Stack component="section" aria-labelledby="link-another" gap="sm">
      <Title order={2} size="h3" id="link-another">{t('linked.addTitle')}</Title>
      {options.length === 0 ? <Text c="dimmed">{t('linked.addNone')}</Text> : <Text>{t('linked.addIntro')}</Text>}
      {failed && <Alert color="red" role="alert">{failed}</Alert>}
      <Group gap="sm">
        {options.map((option) => {
          const provider = providerName(option.provider);
          const key = `${option.ecosystem.id}:${option.provider}`;
          return (
            // The visible words start the accessible name: "Link Clever" and "Link Clever for Lincoln".
            <Button key={key} variant="default" loading={busy === key} disabled={busy !== null && busy !== key} onClick={() => void go(option)}
              aria-label={t('linked.addLabel', { provider, ecosystem: option.ecosystem.name })}>
              {manyEcosystems ? t('linked.addLabel', { provider, ecosystem: option.ecosystem.name }) : t('linked.addButton', { provider })}
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
}

/** What the return from a provider says, from the page's address. */
export function LinkResult({ linked, failed }: { linked: string | null; failed: string | null }) {
  const t = useT();
  if (linked) return <Alert color="teal" role="status">{t('linked.done', { provider: providerName(linked) })}</Alert>;
  if (failed === null) return null;
  const code = failureCode(failed);
  return <Alert color="red" role="alert" title={t('linked.failed')}>{code ? t(`sso.fail.${code}`) : t('sso.fail.unknown')}</Alert>;
}
