/**
 * /edit-profile: the signed-in person edits their own profile (spec section 2), with a preview of
 * how others see them; an empty bio reads "(This user has not written a bio yet.)" (spec section
 * 8). Only changed fields are sent (updateUser); the server's per-field messages land on the fields.
 * The picture is uploaded, turned and removed in the preview (PictureEditor, docs/decisions/0051).
 */
import { Card, Stack, Text, Title } from '@mantine/core';
import { fetchQuery, graphql, useFragment, type PreloadedQuery } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { NotFound } from '../../components/NotFound';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { SettingsMessages } from '../../i18n/PageMessages';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { EditProfilePage_user$key } from './__generated__/EditProfilePage_user.graphql';
import type { EditProfilePageQuery } from './__generated__/EditProfilePageQuery.graphql';
import { PictureEditor } from './PictureEditor';
import { ProfileForm } from './ProfileForm';

const query = graphql`
  query EditProfilePageQuery {
    getCurrentUserV2 {
      ...EditProfilePage_user
    }
  }
`;

const userFragment = graphql`
  fragment EditProfilePage_user on User {
    id
    rolesLabel
    profile {
      firstName lastName preferredName phoneNumber formattedPhoneNumber status school gradeLevel bio education skillsAccomplishments
      hobbiesInterests availabilityDesc applicantType currentMajor expectedGraduationDate organizationName recruitmentSource
      timeZoneId languagePreference canDrive
      picture { src rotation }
      demographics { birthdate sex ethnicity highestEducation }
    }
  }
`;

export function loader({ request }: LoaderFunctionArgs): Promise<PreloadedQuery<EditProfilePageQuery>> {
  requireLogin(request);
  return preloadQuery<EditProfilePageQuery>(relayEnvironment, query, {}, request.signal);
}

export function Component() {
  const { getCurrentUserV2 } = useRouteQuery<EditProfilePageQuery>(query);
  if (!getCurrentUserV2) return <NotFound />;
  return <SettingsMessages><EditProfile userRef={getCurrentUserV2} /></SettingsMessages>;
}

/** After a picture upload or removal (not GraphQL): the store learns the new picture from the server. */
function refresh(): Promise<unknown> {
  return fetchQuery<EditProfilePageQuery>(relayEnvironment, query, {}, { fetchPolicy: 'network-only' }).toPromise();
}

function EditProfile({ userRef }: { userRef: EditProfilePage_user$key }) {
  const t = useT();
  const user = useFragment(userFragment, userRef);
  const { profile } = user;
  useDocumentTitle(t('profile.title'));
  const name = [profile.preferredName ?? profile.firstName, profile.lastName].join(' ');
  return (
    <Stack p="md" maw={760}>
      <Title order={1}>{t('profile.title')}</Title>
      <Card withBorder component="section" aria-labelledby="profile-preview">
        <Title order={2} size="h4" id="profile-preview">{t('profile.preview')}</Title>
        <PictureEditor picture={profile.picture} name={name} refresh={refresh} />
        <Text fw={600} mt="sm">{name}</Text>
        <Text size="sm" c="dimmed">{user.rolesLabel}</Text>
        {profile.formattedPhoneNumber && <Text size="sm">{profile.formattedPhoneNumber}</Text>}
        <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>{profile.bio ?? t('profile.noBio')}</Text>
      </Card>
      <ProfileForm profile={profile} />
    </Stack>
  );
}
