/**
 * /account-settings: the hub (spec section 2). Contact info, language, time zone and the
 * advance-booking limit are edited here, each section saved on its own; password, multi-factor
 * authentication and notifications have their own pages. Payment pages belong to the payments
 * issue and are not linked yet (docs/decisions/0050).
 */
import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { graphql, useFragment, type PreloadedQuery } from 'react-relay';
import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import { NotFound } from '../../components/NotFound';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { SettingsMessages } from '../../i18n/PageMessages';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { AccountSettingsPage_user$key } from './__generated__/AccountSettingsPage_user.graphql';
import type { AccountSettingsPageQuery } from './__generated__/AccountSettingsPageQuery.graphql';
import { AdvanceLimitSection } from './settings/AdvanceLimitSection';
import { ContactSection } from './settings/ContactSection';
import { LanguageSection } from './settings/LanguageSection';
import { TimeZoneSection } from './settings/TimeZoneSection';

const query = graphql`
  query AccountSettingsPageQuery {
    getCurrentUserV2 { ...AccountSettingsPage_user }
  }
`;

const userFragment = graphql`
  fragment AccountSettingsPage_user on User {
    id
    email { address verified pendingAddress }
    profile {
      phoneNumber formattedPhoneNumber languagePreference timeZoneId advanceLimit advanceLength
      tzUpdateInfo { showAdminUpdateDialog }
      tzCooldownInfo { numTimesDismissed latestDetectedTimezone timeOfMostRecentDismissal }
    }
  }
`;

export function loader({ request }: LoaderFunctionArgs): Promise<PreloadedQuery<AccountSettingsPageQuery>> {
  requireLogin(request);
  return preloadQuery<AccountSettingsPageQuery>(relayEnvironment, query, {}, request.signal);
}

export function Component() {
  const { getCurrentUserV2 } = useRouteQuery<AccountSettingsPageQuery>(query);
  if (!getCurrentUserV2) return <NotFound />;
  return <SettingsMessages><AccountSettings userRef={getCurrentUserV2} /></SettingsMessages>;
}

const PAGES = [
  ['/account-settings/password', 'settings.link.password'],
  ['/account-settings/multi-factor-authentication', 'settings.link.mfa'],
  ['/account-settings/notifications', 'settings.link.notifications'],
  ['/account-settings/join-program', 'settings.link.joinProgram'],
  ['/edit-profile', 'settings.link.profile'],
] as const;

function AccountSettings({ userRef }: { userRef: AccountSettingsPage_user$key }) {
  const t = useT();
  const user = useFragment(userFragment, userRef);
  useDocumentTitle(t('settings.title'));
  return (
    <Stack maw={720} p="md">
      <Title order={1}>{t('settings.title')}</Title>
      <Text>{t('settings.intro')}</Text>
      <Paper withBorder p="md" component="nav" aria-labelledby="settings-pages">
        <Title order={2} size="h4" id="settings-pages">{t('settings.pages')}</Title>
        <List mt="xs" spacing={4}>
          {PAGES.map(([to, label]) => <List.Item key={to}><Anchor component={Link} to={to}>{t(label)}</Anchor></List.Item>)}
        </List>
      </Paper>
      <ContactSection email={user.email} phoneNumber={user.profile.phoneNumber} formattedPhoneNumber={user.profile.formattedPhoneNumber} />
      <LanguageSection saved={user.profile.languagePreference} />
      <TimeZoneSection zone={user.profile.timeZoneId} adminChanged={user.profile.tzUpdateInfo.showAdminUpdateDialog} cooldown={user.profile.tzCooldownInfo} />
      <AdvanceLimitSection limit={user.profile.advanceLimit} unit={user.profile.advanceLength} />
    </Stack>
  );
}
