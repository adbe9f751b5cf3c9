/**
 * /students (spec section 2; decisions 0048, 0049). A parent sees their own linked children, and
 * nobody else's; an ecosystem admin manages the ecosystem's people: the roster with filters, a
 * selection, archiving with the number shown before it runs, and the CSV export.
 */
import { Card, Stack, Text, Title } from '@mantine/core';
import { graphql } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { StudentsPageQuery, StudentsPageQuery$data } from './__generated__/StudentsPageQuery.graphql';
import { AdminRoster } from './AdminRoster';
import { StudentsMessages } from '../../i18n/PageMessages';

const query = graphql`
  query StudentsPageQuery {
    getCurrentUserV2 {
      id
      ecosystemRoles { ecosystemId role }
      profile { students { id profile { firstName lastName } } }
    }
  }
`;

export async function loader({ request }: LoaderFunctionArgs) {
  requireLogin(request);
  return preloadQuery<StudentsPageQuery>(relayEnvironment, query, {}, request.signal);
}

type Child = NonNullable<StudentsPageQuery$data['getCurrentUserV2']>['profile']['students'][number];

function Children({ children }: { children: readonly Child[] }) {
  const t = useT();
  return (
    <Stack gap="sm">
      <Title order={2}>{t('students.children')}</Title>
      {children.length === 0
        ? <Text role="status">{t('students.noChildren')}</Text>
        : (
          <Stack component="ul" gap="sm" aria-label={t('students.children')} className="card-list">
            {children.map((child) => (
              <Card component="li" key={child.id} withBorder padding="sm">
                <Text fw={600} className="wrap-anywhere">{child.profile.firstName} {child.profile.lastName}</Text>
              </Card>
            ))}
          </Stack>
        )}
    </Stack>
  );
}

function StudentsPageContent() {
  const t = useT();
  useDocumentTitle(t('students.title'));
  const data = useRouteQuery<StudentsPageQuery>(query);
  const viewer = data.getCurrentUserV2;
  const roles = viewer?.ecosystemRoles ?? [];
  const administered = [...new Set(roles.filter((r) => r.role === 'SUPER_ADMIN').map((r) => r.ecosystemId))];
  const parent = roles.some((r) => r.role === 'PARENT');
  return (
    <Stack p="md">
      <Title order={1}>{t('students.title')}</Title>
      {parent && <Children children={viewer?.profile.students ?? []} />}
      {administered[0] && <AdminRoster ecosystemId={administered[0]} />}
      {!parent && !administered[0] && <Text role="status">{t('students.nothing')}</Text>}
    </Stack>
  );
}

export function Component() {
  return <StudentsMessages><StudentsPageContent /></StudentsMessages>;
}
