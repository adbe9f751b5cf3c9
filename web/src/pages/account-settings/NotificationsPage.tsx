/**
 * /account-settings/notifications: Email and Text per kind of notification (spec section 9). Everyone
 * has their own; staff, teachers and admins also the staff settings; parents the settings about
 * their children (docs/decisions/0050). Each table is saved on its own.
 */
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { graphql, useFragment, type PreloadedQuery } from 'react-relay';
import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import { NotFound } from '../../components/NotFound';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { SettingsMessages } from '../../i18n/PageMessages';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { NotificationsPage_user$key } from './__generated__/NotificationsPage_user.graphql';
import type { NotificationsPageQuery } from './__generated__/NotificationsPageQuery.graphql';
import type { useNotificationMutationsParentMutation$variables } from './__generated__/useNotificationMutationsParentMutation.graphql';
import type { useNotificationMutationsPersonalMutation$variables } from './__generated__/useNotificationMutationsPersonalMutation.graphql';
import type { useNotificationMutationsStaffMutation$variables } from './__generated__/useNotificationMutationsStaffMutation.graphql';
import { NotificationTable, type Setting } from './NotificationTable';
import { variantsFor, type Variant } from './settings/rules';
import { useParentNotificationsMutation, usePersonalNotificationsMutation, useStaffNotificationMutation } from './useNotificationMutations';

const query = graphql`
  query NotificationsPageQuery {
    getCurrentUserV2 { ...NotificationsPage_user }
  }
`;

const userFragment = graphql`
  fragment NotificationsPage_user on User {
    id
    ecosystemRoles { role }
    programRoles { role }
    profile {
      phoneNumber
      notificationPreference { kind email text }
      staffNotificationPreference { kind email text }
      parentNotificationPreference { kind email text }
    }
  }
`;

export function loader({ request }: LoaderFunctionArgs): Promise<PreloadedQuery<NotificationsPageQuery>> {
  requireLogin(request);
  return preloadQuery<NotificationsPageQuery>(relayEnvironment, query, {}, request.signal);
}

export function Component() {
  const { getCurrentUserV2 } = useRouteQuery<NotificationsPageQuery>(query);
  if (!getCurrentUserV2) return <NotFound />;
  return <SettingsMessages><Notifications userRef={getCurrentUserV2} /></SettingsMessages>;
}

// The server's enums as the generated types spell them; the tables hold the kinds the server sent.
type PersonalInput = useNotificationMutationsPersonalMutation$variables['input'];
type StaffInput = useNotificationMutationsStaffMutation$variables['input'];
type ParentInput = useNotificationMutationsParentMutation$variables['input'];

function Notifications({ userRef }: { userRef: NotificationsPage_user$key }) {
  const t = useT();
  useDocumentTitle(t('notifications.title'));
  const user = useFragment(userFragment, userRef);
  const [savePersonal] = usePersonalNotificationsMutation();
  const [saveStaff] = useStaffNotificationMutation();
  const [saveParent] = useParentNotificationsMutation();
  const { profile } = user;
  const hasPhone = Boolean(profile.phoneNumber);
  const tables: Record<Variant, { settings: ReadonlyArray<Setting>; save: (changed: Setting[]) => Promise<unknown> }> = {
    personal: { settings: profile.notificationPreference, save: (input) => savePersonal({ variables: { input: input as PersonalInput } }) },
    // editStaffNotificationSetting takes one kind: the changed ones go one after another.
    staff: { settings: profile.staffNotificationPreference, save: async (input) => {
      for (const setting of input) await saveStaff({ variables: { input: setting as StaffInput } });
    } },
    parent: { settings: profile.parentNotificationPreference, save: (input) => saveParent({ variables: { input: input as ParentInput } }) },
  };
  return (
    <Stack maw={720} p="md">
      <Title order={1}>{t('notifications.title')}</Title>
      <Text>{t('notifications.intro')}</Text>
      {!hasPhone && (
        <Alert color="blue">
          <Anchor component={Link} to="/account-settings">{t('notifications.needPhone')}</Anchor>
        </Alert>
      )}
      {variantsFor([...user.ecosystemRoles, ...user.programRoles]).map((variant) => (
        <NotificationTable key={variant} variant={variant} hasPhone={hasPhone} {...tables[variant]} />
      ))}
    </Stack>
  );
}
