/**
 * One sign-up lead: name and status, every field of spec section 3 (empty ones as a dash), and for
 * an open lead the ecosystem's sign-up link, shown and copyable (the ticket link itself was shown
 * once, when the lead was created).
 */
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import { showToast } from '../../components/toast';
import type { MessageId } from '../../i18n/en';
import { useT } from '../../i18n/terms';
import { formatPhone } from '../profile/profileForm';
import type { LeadCard_lead$key } from './__generated__/LeadCard_lead.graphql';

const STATUS_COLOR: Record<string, string> = { OPEN: 'teal', USED: 'blue', EXPIRED: 'gray' };

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" className="wrap-anywhere">{value}</Text>
    </Stack>
  );
}

export function LeadCard({ leadRef }: { leadRef: LeadCard_lead$key }) {
  const t = useT();
  const intl = useIntl();
  const headingId = useId();
  const lead = useFragment(graphql`
    fragment LeadCard_lead on SignupLeadEntry {
      firstName lastName email phoneNumber applicantType clientProfileType subject tutorProfileId status leadSource createdAt expiresAt signupUrl
    }
  `, leadRef);
  const name = `${lead.firstName} ${lead.lastName}`;
  const none = t('leads.none');
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' });
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ color: 'teal', message: t('leads.copied') });
    } catch {
      // The browser refused the clipboard (permission, insecure origin): the link stays shown to copy by hand.
      showToast({ color: 'red', message: t('leads.copyFailed') });
    }
  };
  const known = ['OPEN', 'USED', 'EXPIRED'].includes(lead.status) ? lead.status as 'OPEN' | 'USED' | 'EXPIRED' : 'EXPIRED';
  return (
    <Card component="li" withBorder padding="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id={headingId} className="wrap-anywhere">{name}</Title>
          <Badge variant="light" color={STATUS_COLOR[known]}>{t(`leads.status.${known}`)}</Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
          <Field label={t('leads.field.email')} value={lead.email} />
          <Field label={t('leads.field.phone')} value={lead.phoneNumber ? formatPhone(lead.phoneNumber) : none} />
          <Field label={t('leads.field.applicantType')} value={t(`leads.applicantType.${lead.applicantType}` as MessageId)} />
          <Field label={t('leads.field.clientProfileType')} value={lead.clientProfileType ? t(`leads.clientType.${lead.clientProfileType}` as MessageId) : none} />
          <Field label={t('leads.field.subject')} value={lead.subject ?? none} />
          <Field label={t('leads.field.leadSource')} value={lead.leadSource ?? none} />
          <Field label={t('leads.field.tutorProfile')} value={lead.tutorProfileId ?? none} />
          <Field label={t('leads.field.created')} value={date(lead.createdAt)} />
          <Field label={t('leads.field.expires')} value={date(lead.expiresAt)} />
        </SimpleGrid>
        {lead.signupUrl && (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput readOnly label={t('leads.signupLink', { name })} value={lead.signupUrl} flex={1} miw={200}
              onFocus={(e) => e.currentTarget.select()} />
            <Button variant="light" aria-label={t('leads.copyFor', { name })} onClick={() => void copy(lead.signupUrl ?? '')}>{t('leads.copy')}</Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
