/**
 * /classes (docs/decisions/0061): the course sections the reader may see, grouped by course name,
 * a page of courses at a time (`?page=`), each section with its period, fullness, window, drop
 * deadline and the enrol / unenrol buttons; each course links to /classes/:name.
 */
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { graphql } from 'react-relay';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { ClassesMessages } from '../../i18n/PageMessages';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { ClassesPageQuery } from './__generated__/ClassesPageQuery.graphql';
import { SectionCard } from './SectionCard';

const query = graphql`
  query ClassesPageQuery($pageNum: Int) {
    getGroupedCourses(pageNum: $pageNum) {
      pageNum more
      groups { name sections { id ...SectionCard_section } }
    }
  }
`;

function pageOf(url: URL): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function loader({ request }: LoaderFunctionArgs) {
  requireLogin(request);
  return preloadQuery<ClassesPageQuery>(relayEnvironment, query, { pageNum: pageOf(new URL(request.url)) }, request.signal);
}

export function classPath(name: string): string {
  return `/classes/${encodeURIComponent(name)}`;
}

function Classes() {
  const t = useT();
  useDocumentTitle(t('classes.title'));
  const data = useRouteQuery<ClassesPageQuery>(query).getGroupedCourses;
  const [, setParams] = useSearchParams();
  return (
    <Stack maw={960} mx="auto" mt="md" p="md">
      <Title order={1} size="h2">{t('classes.title')}</Title>
      <Text size="sm">{t('classes.intro')}</Text>
      {data.groups.length === 0 && <Text role="status">{t('classes.empty')}</Text>}
      {data.groups.map((group) => (
        <Stack key={group.name} gap="sm" component="section" aria-label={group.name}>
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h3" className="wrap-anywhere">{group.name}</Title>
            <Text size="sm">
              <Anchor component={Link} to={classPath(group.name)}>{t('classes.openCourse', { name: group.name })}</Anchor>
              {' · '}{t('classes.sectionCount', { count: group.sections.length })}
            </Text>
          </Group>
          <Stack component="ul" gap="sm" className="card-list" aria-label={t('classes.sections', { name: group.name })}>
            {group.sections.map((s, i) => <SectionCard key={s.id} section={s} number={i + 1} />)}
          </Stack>
        </Stack>
      ))}
      <Group>
        {data.pageNum > 1 && <Button variant="default" onClick={() => setParams({ page: String(data.pageNum - 1) })}>{t('classes.previous')}</Button>}
        {data.more && <Button variant="default" onClick={() => setParams({ page: String(data.pageNum + 1) })}>{t('classes.more')}</Button>}
      </Group>
    </Stack>
  );
}

export function Component() {
  return <ClassesMessages><Classes /></ClassesMessages>;
}
