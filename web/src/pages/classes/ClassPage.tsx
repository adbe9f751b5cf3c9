/**
 * /classes/:name (docs/decisions/0061): every section of one course the reader may see, each with
 * its sessions and, for those who run it, the enrolled students; enrol / unenrol buttons with the
 * drop deadline shown (SectionCard).
 */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { ClassesMessages } from '../../i18n/PageMessages';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { ClassPageQuery, ClassPageQuery$data } from './__generated__/ClassPageQuery.graphql';
import type { ClassPageStudentsQuery } from './__generated__/ClassPageStudentsQuery.graphql';
import { SectionCard } from './SectionCard';

const query = graphql`
  query ClassPageQuery($name: String!) {
    getGroupedCourses(pageNum: 1, name: $name) {
      groups { name sections { id canManage sessions { id date startTime endTime timeZoneId status } ...SectionCard_section } }
    }
  }
`;

export function loader({ request, params }: LoaderFunctionArgs) {
  requireLogin(request);
  return preloadQuery<ClassPageQuery>(relayEnvironment, query, { name: params.name ?? '' }, request.signal);
}

type Section = ClassPageQuery$data['getGroupedCourses']['groups'][number]['sections'][number];

function Sessions({ sessions }: { sessions: Section['sessions'] }) {
  const t = useT();
  const intl = useIntl();
  if (sessions.length === 0) return <Text size="sm">{t('classes.noSessions')}</Text>;
  return (
    <Stack component="ul" gap={4} className="card-list">
      {sessions.map((s) => (
        <Text component="li" size="sm" key={s.id}>
          {intl.formatDate(`${s.date}T12:00:00Z`, { dateStyle: 'full', timeZone: 'UTC' })}, {s.startTime}–{s.endTime} ({s.timeZoneId})
        </Text>
      ))}
    </Stack>
  );
}

function Students({ sectionId }: { sectionId: string }) {
  const t = useT();
  const data = useLazyLoadQuery<ClassPageStudentsQuery>(graphql`
    query ClassPageStudentsQuery($sectionId: ID!) { getStudentsForSection(sectionId: $sectionId) { userId user { profile { firstName lastName } } } }
  `, { sectionId });
  const students = data.getStudentsForSection;
  if (students.length === 0) return <Text size="sm">{t('classes.noStudents')}</Text>;
  return (
    <Stack component="ul" gap={4} className="card-list">
      {students.map((s) => <Text component="li" size="sm" key={s.userId}>{s.user ? `${s.user.profile.firstName} ${s.user.profile.lastName}` : s.userId}</Text>)}
    </Stack>
  );
}

function ClassSections() {
  const t = useT();
  const name = useParams().name ?? '';
  useDocumentTitle(name);
  const group = useRouteQuery<ClassPageQuery>(query).getGroupedCourses.groups[0];
  return (
    <Stack maw={960} mx="auto" mt="md" p="md">
      <Anchor component={Link} to="/classes" size="sm">{t('classes.back')}</Anchor>
      <Title order={1} size="h2" className="wrap-anywhere">{name}</Title>
      {!group && <Text role="status">{t('classes.empty')}</Text>}
      {group && (
        <Stack component="ul" gap="sm" className="card-list" aria-label={t('classes.sections', { name })}>
          {group.sections.map((s, i) => (
            <SectionCard key={s.id} section={s} number={i + 1} level={2}>
              <Title order={3} size="h5">{t('classes.sessionsTitle')}</Title>
              <Sessions sessions={s.sessions} />
              {s.canManage && (
                <>
                  <Title order={3} size="h5">{t('classes.studentsTitle')}</Title>
                  <Suspense fallback={null}><Students sectionId={s.id} /></Suspense>
                </>
              )}
            </SectionCard>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function Component() {
  return <ClassesMessages><ClassSections /></ClassesMessages>;
}
