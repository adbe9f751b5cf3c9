/**
 * An ecosystem's scheduling settings (decision 0071): /admin/ecosystems/:ecosystemId/scheduling and
 * the same page in the internal admin panel, for the ecosystem's admins and platform admins (the
 * server's editEcosystem decides who may save). Booking, joining, supported hours, limits and course
 * sections in one form; a save sends only what changed, and the server's messages show on their fields.
 */
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { graphql, useFragment, type PreloadedQuery } from 'react-relay';
import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import { NotFound } from '../../components/NotFound';
import { useFocusInvalid } from '../../components/focusInvalid';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { EcosystemSettingsMessages } from '../../i18n/PageMessages';
import { TermsProvider, useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { fieldErrors } from '../../relay/errors';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import { requireLogin } from '../../router/guards';
import { useAreaPaths } from '../../router/paths';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { EcosystemSettingsPageQuery } from './__generated__/EcosystemSettingsPageQuery.graphql';
import type { EcosystemSettingsPage_ecosystem$key } from './__generated__/EcosystemSettingsPage_ecosystem.graphql';
import type { EcosystemSettingsPageMutation } from './__generated__/EcosystemSettingsPageMutation.graphql';
import { BookingSection, JoiningSection } from './BookingSection';
import { HoursSection } from './HoursSection';
import { CoursesSection, LimitsSection, type Program } from './LimitsSection';
import { errorAt, formErrors, initialValues, mayEdit, toInput, type SettingsValues } from './settingsForm';

const query = graphql`
  query EcosystemSettingsPageQuery($ecosystemId: ID!) {
    getEcosystemById(ecosystemId: $ecosystemId) {
      id name tutorTerm tuteeTerm moduleTerm
      ...EcosystemSettingsPage_ecosystem
    }
    getProgramsByEcosystemId(ecosystemId: $ecosystemId, first: 100) { edges { node { id name } } }
    getCurrentUserV2 { id isInternalTeamAccount ecosystemRoles { ecosystemId role status } }
  }
`;

const fragment = graphql`
  fragment EcosystemSettingsPage_ecosystem on Ecosystem {
    sessionSettings {
      tuteeBookEnabled overlapChecksEnabled onlyJoinSessionsToday attendanceGraceMinutes
      sessionDurations sessionInterval sessionAdvanceDayLimit
      tutorHoursLimitConfig { isEnabled limits { programIds weeklyHourLimit } }
    }
    supportedHours { day startTime endTime }
    timeBufferConfig { enabled lengthMinutes }
    sessionLimits { sessionLimitType minuteLimit resetDate }
    courseSectionConfig { enabled maxEnrollments dropDeadlineDays }
  }
`;

const mutation = graphql`
  mutation EcosystemSettingsPageMutation($ecosystemId: ID!, $ecosystemInput: EcosystemInput!) {
    editEcosystem(ecosystemId: $ecosystemId, ecosystemInput: $ecosystemInput) {
      id
      ...EcosystemSettingsPage_ecosystem
    }
  }
`;

export function loader({ request, params }: LoaderFunctionArgs): Promise<PreloadedQuery<EcosystemSettingsPageQuery>> {
  requireLogin(request);
  return preloadQuery<EcosystemSettingsPageQuery>(relayEnvironment, query, { ecosystemId: params.ecosystemId ?? '' }, request.signal);
}

interface FormProps {
  ecosystemId: string;
  settingsRef: EcosystemSettingsPage_ecosystem$key;
  programs: readonly Program[];
  /** After a save: the form starts again from what the server now holds. */
  onSaved: () => void;
}

/** Saving: what changed, or the field to fix; the server's messages by field path. */
function useSave(ecosystemId: string, initial: SettingsValues, onSaved: () => void) {
  const t = useT();
  const errorText = useErrorText();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [edit, saving] = usePromiseMutation<EcosystemSettingsPageMutation>(mutation);
  const save = async (values: SettingsValues) => {
    setFormError(null);
    const built = toInput(initial, values);
    if (!built.ok) { setErrors({ [built.field]: t('ecosystemSettings.notANumber') }); return; }
    setErrors({});
    if (Object.keys(built.input).length === 0) { showToast({ color: 'gray', message: t('ecosystemSettings.unchanged') }); return; }
    try {
      await edit({ variables: { ecosystemId, ecosystemInput: built.input } });
      showToast({ color: 'teal', message: t('ecosystemSettings.saved') });
      onSaved();
    } catch (error) {
      const byField = formErrors(fieldErrors(error));
      setErrors(byField);
      setFormError(Object.keys(byField).length > 0 ? t('ecosystemSettings.fix') : errorText(error));
    }
  };
  return { save, saving, errors, formError };
}

function SettingsForm({ ecosystemId, settingsRef, programs, onSaved }: FormProps) {
  const t = useT();
  const stored = useFragment(fragment, settingsRef);
  const [initial] = useState<SettingsValues>(() => initialValues(stored));
  const [values, setValues] = useState<SettingsValues>(initial);
  const { save, saving, errors, formError } = useSave(ecosystemId, initial, onSaved);
  const formRef = useFocusInvalid(errors);
  const update = (patch: Partial<SettingsValues>) => setValues((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent<HTMLFormElement>) => { event.preventDefault(); void save(values); };
  const section = { values, update, errors, error: (path: string) => errorAt(errors, path) };
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack>
        {formError && <Alert color="red" role="alert">{formError}</Alert>}
        <BookingSection {...section} />
        <JoiningSection {...section} />
        <HoursSection {...section} />
        <LimitsSection {...section} programs={programs} />
        <CoursesSection {...section} />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>{t('ecosystemSettings.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

function Settings({ ecosystemId, name, settingsRef, programs }: Omit<FormProps, 'onSaved'> & { name: string }) {
  const t = useT();
  const paths = useAreaPaths();
  const [version, setVersion] = useState(0);
  useDocumentTitle(t('ecosystemSettings.title', { name }));
  return (
    <Stack maw={960} mx="auto" mt="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2" className="wrap-anywhere">{t('ecosystemSettings.title', { name })}</Title>
        <Anchor component={Link} to={paths.ecosystems} size="sm">{t('programs.back')}</Anchor>
      </Group>
      <Text size="sm">{t('ecosystemSettings.intro')}</Text>
      <SettingsForm key={version} ecosystemId={ecosystemId} settingsRef={settingsRef} programs={programs} onSaved={() => setVersion((v) => v + 1)} />
    </Stack>
  );
}

export function Component() {
  const data = useRouteQuery<EcosystemSettingsPageQuery>(query);
  const ecosystem = data.getEcosystemById;
  if (!ecosystem || !mayEdit(data.getCurrentUserV2, ecosystem.id)) return <NotFound />;
  const programs = data.getProgramsByEcosystemId.edges.map((e) => e.node);
  return (
    <TermsProvider terms={ecosystem}>
      <EcosystemSettingsMessages>
        <Settings ecosystemId={ecosystem.id} name={ecosystem.name} settingsRef={ecosystem} programs={programs} />
      </EcosystemSettingsMessages>
    </TermsProvider>
  );
}
