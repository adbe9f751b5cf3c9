/**
 * The sign-in providers an ecosystem offers (ssoLoginOptions), as links under its log-in form:
 * a plain navigation to this server's /sso/... start address, which sends the browser on to the
 * provider (docs/decisions/0046).
 */
import { Button, Divider, Stack } from '@mantine/core';
import { useT } from '../../i18n/terms';
import { providerName } from './providers';
import { SsoMessages } from '../../i18n/PageMessages';

export interface SsoOption {
  provider: 'GOOGLE' | 'CLEVER' | 'CLASSLINK' | 'EDLINK' | 'SCHOOLOGY' | '%future added value';
  url: string;
}

function SsoOptionsContent({ options }: { options: readonly SsoOption[] }) {
  const t = useT();
  const known = options.filter((o) => o.provider !== '%future added value' && o.url.startsWith('/sso/'));
  if (known.length === 0) return null;
  return (
    <Stack gap="xs" role="group" aria-label={t('sso.options')}>
      <Divider label={t('sso.options')} labelPosition="center" />
      {known.map((o) => (
        <Button key={o.provider} component="a" href={o.url} variant="default">
          {t('sso.signInWith', { provider: providerName(o.provider) })}
        </Button>
      ))}
    </Stack>
  );
}

export function SsoOptions({ options }: { options: readonly SsoOption[] }) {
  return <SsoMessages><SsoOptionsContent options={options} /></SsoMessages>;
}
