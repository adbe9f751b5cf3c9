/** The providers set up for an ecosystem, each with its set-up; the client secret only as "set". */
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { useT } from '../../i18n/terms';
import { providerName } from '../sso/providers';
import type { SsoSetupList_setups$key } from './__generated__/SsoSetupList_setups.graphql';
import { districtIdOf, NEW_ACCOUNT_ROLES, PROVIDERS, type DistrictIds, type Provider } from './ssoSetupForm';

const fragment = graphql`
  fragment SsoSetupList_setups on SsoProviderSetup @relay(plural: true) {
    provider protocol issuer clientId hasClientSecret authorizationEndpoint tokenEndpoint userinfoEndpoint
    samlEntryPoint samlCertificate districtClaim newAccountRole
  }
`;

interface Props {
  setupsRef: SsoSetupList_setups$key;
  districtIds: DistrictIds;
  onEdit: (provider: Provider) => void;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">{label}</Text>
      <Text size="sm" component="dd" m={0} className="wrap-anywhere">{value}</Text>
    </div>
  );
}

export function SsoSetupList({ setupsRef, districtIds, onEdit }: Props) {
  const t = useT();
  const setups = useFragment(fragment, setupsRef);
  if (setups.length === 0) return <Text>{t('ssoSetup.none')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {setups.map((s) => {
        const id = `sso-setup-${s.provider}`;
        const endpoints = [s.authorizationEndpoint, s.tokenEndpoint, s.userinfoEndpoint].filter(Boolean).join(' · ');
        return (
          <Card component="li" withBorder key={s.provider} aria-labelledby={id}>
            <Stack gap="xs">
              <Group gap="xs">
                <Title order={3} size="h4" id={id}>{providerName(s.provider)}</Title>
                <Badge variant="light">{s.protocol}</Badge>
              </Group>
              <Stack gap={6} component="dl" m={0}>
                <Field label={t('ssoSetup.issuer')} value={s.issuer} />
                <Field label={t('ssoSetup.clientId')} value={s.clientId} />
                {s.protocol !== 'SAML' && <Field label={t('ssoSetup.secret')} value={s.hasClientSecret ? t('ssoSetup.secretSet') : t('ssoSetup.secretMissing')} />}
                {endpoints && <Field label={t('ssoSetup.endpoints')} value={endpoints} />}
                {s.samlEntryPoint && <Field label={t('ssoSetup.samlEntryPoint')} value={s.samlEntryPoint} />}
                {s.samlCertificate && <Field label={t('ssoSetup.samlCertificate')} value={t('ssoSetup.certificateSet')} />}
                <Field label={t('ssoSetup.district')} value={districtIdOf(s.provider, districtIds) ?? t('ssoSetup.districtNone')} />
                {s.districtClaim && <Field label={t('ssoSetup.districtClaim')} value={s.districtClaim} />}
                <Field label={t('ssoSetup.role')} value={t(`ssoSetup.role.${NEW_ACCOUNT_ROLES.find((r) => r === s.newAccountRole) ?? 'none'}`)} />
              </Stack>
              <Group>
                <Button variant="light" size="xs" onClick={() => { const p = PROVIDERS.find((x) => x === s.provider); if (p) onEdit(p); }}>
                  {t('ssoSetup.edit', { provider: providerName(s.provider) })}
                </Button>
              </Group>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
