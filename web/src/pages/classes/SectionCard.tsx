/**
 * One course section: its period, fullness and enrolment, the window and the drop deadline, and the
 * reader's enrol / unenrol button as the server's canEnroll / canUnenroll allow (docs/decisions/0061).
 * The mutations answer the same fragment and the sessions the reader now sees, so the page updates from their payload.
 */
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import { showToast } from '../../components/toast';
import { useT } from '../../i18n/terms';
import { displayError } from '../../relay/errors';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { SectionCard_section$key } from './__generated__/SectionCard_section.graphql';
import type { SectionCardEnrollMutation } from './__generated__/SectionCardEnrollMutation.graphql';
import type { SectionCardUnenrollMutation } from './__generated__/SectionCardUnenrollMutation.graphql';

const fragment = graphql`
  fragment SectionCard_section on CourseSection {
    id name period fullness enrolledStudentsAmt maxEnrollments timeZoneId enrollmentStart enrollmentEnd dropDeadline
    perUserRate isEnrolled canEnroll canUnenroll canManage
  }
`;

/** `level`: the card's heading level under the page's own headings (h3 under a course's h2 on /classes, h2 on /classes/:name). */
export function SectionCard({ section: key, number, level = 3, children }: { section: SectionCard_section$key; number: number; level?: 2 | 3; children?: React.ReactNode }) {
  const t = useT();
  const intl = useIntl();
  const s = useFragment(fragment, key);
  const [error, setError] = useState<string | null>(null);
  const [enroll, enrolling] = usePromiseMutation<SectionCardEnrollMutation>(graphql`
    mutation SectionCardEnrollMutation($sectionId: ID!) {
      enrollCourseSection(sectionId: $sectionId) { ...SectionCard_section sessions { id date startTime endTime timeZoneId status } }
    }
  `);
  const [unenroll, unenrolling] = usePromiseMutation<SectionCardUnenrollMutation>(graphql`
    mutation SectionCardUnenrollMutation($sectionId: ID!) {
      unenrollCourse(sectionId: $sectionId) { ...SectionCard_section sessions { id date startTime endTime timeZoneId status } }
    }
  `);
  const when = (iso: string) => intl.formatDate(iso, {
    year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: s.timeZoneId, timeZoneName: 'short',
  });
  const title = `${s.name} · ${t('classes.section', { number })}`;
  const act = async (run: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await run();
      showToast({ message: done });
    } catch (e) {
      setError(displayError(e));
    }
  };
  return (
    <Card component="li" withBorder padding="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text component={level === 2 ? 'h2' : 'h3'} fw={600} className="wrap-anywhere">{title}</Text>
          <Group gap="xs">
            <Badge variant="light" color={s.period === 'ONGOING' ? 'green' : 'gray'}>{t(`classes.period.${s.period as 'CLOSED' | 'ONGOING' | 'UPCOMING'}`)}</Badge>
            <Badge variant="light" color={s.fullness === 'FULL' ? 'red' : 'blue'}>{t(`classes.fullness.${s.fullness === 'FULL' ? 'FULL' : 'OPEN'}`)}</Badge>
          </Group>
        </Group>
        <Text size="sm">{t('classes.enrolled', { count: s.enrolledStudentsAmt, max: s.maxEnrollments })}</Text>
        <Text size="sm">{t('classes.window', { start: when(s.enrollmentStart), end: when(s.enrollmentEnd) })}</Text>
        <Text size="sm">{s.dropDeadline ? t('classes.deadline', { date: when(s.dropDeadline) }) : t('classes.noDeadline')}</Text>
        {s.perUserRate != null && (
          <Text size="sm">{t('classes.rate', { amount: intl.formatNumber(s.perUserRate / 100, { style: 'currency', currency: 'USD' }) })}</Text>
        )}
        {s.isEnrolled && <Text size="sm" fw={600}>{t('classes.youAreEnrolled')}</Text>}
        {error && <Text size="sm" c="red.8" role="alert">{error}</Text>}
        <Group gap="xs">
          {s.canEnroll && (
            <Button size="sm" loading={enrolling} aria-label={t('classes.enroll', { name: title })}
              onClick={() => act(() => enroll({ variables: { sectionId: s.id } }), t('classes.enrollDone'))}>
              {t('classes.enrollShort')}
            </Button>
          )}
          {s.canUnenroll && (
            <Button size="sm" variant="outline" color="red" loading={unenrolling} aria-label={t('classes.unenroll', { name: title })}
              onClick={() => act(() => unenroll({ variables: { sectionId: s.id } }), t('classes.unenrollDone'))}>
              {t('classes.unenrollShort')}
            </Button>
          )}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
