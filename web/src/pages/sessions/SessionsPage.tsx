/**
 * /sessions (SPEC section 2's sessions dashboard): upcoming sessions, completed sessions grouped
 * by month, cancelled ones still ahead (to restore), the calendar, drop-in sessions, breakout
 * rooms and how to schedule, for the signed-in person, in
 * their zone (named on the page). `?ecosystem=` chooses which of their ecosystems books and names
 * tutor and tutee; by default the first. Each list loads on its own, so one failing shows its
 * error text and the others stay (docs/decisions/0059).
 */
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { SessionsMessages } from '../../i18n/PageMessages';
import { TermsProvider, useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { isChainedQueries, preloadChained, type ChainedQueries } from '../../router/preload';
import { bookingAccess, peopleRules, viewerEcosystemIds } from './access';
import { BookSessionDialog, type BookingContext } from './BookSessionDialog';
import { BreakoutRooms } from './BreakoutRooms';
import { DropInSessions } from './DropInSessions';
import type { EditContext } from './EditSessionDialog';
import { viewerZone, zoneLabel } from './format';
import { HowToSchedule } from './HowToSchedule';
import { sessionTypes } from './labels';
import { SessionActionDialog } from './SessionActionDialog';
import { SessionCalendar } from './SessionCalendar';
import type { SessionAction } from './SessionItem';
import { CancelledSessions, CompletedSessions, UpcomingSessions } from './SessionLists';
import { SESSIONS_CSS } from './styles';
import type { SessionsPageViewerQuery } from './__generated__/SessionsPageViewerQuery.graphql';
import type { SessionsPageEcosystemQuery } from './__generated__/SessionsPageEcosystemQuery.graphql';

const viewerQuery = graphql`
  query SessionsPageViewerQuery {
    getCurrentUserV2 {
      id
      isInternalTeamAccount
      ecosystemRoles { ecosystemId role }
      programRoles { ecosystemId programId role }
      profile { timeZoneId }
    }
  }
`;

const ecosystemQuery = graphql`
  query SessionsPageEcosystemQuery($ecosystemId: ID!, $ecosystemIds: [ID!]!) {
    getEcosystemsById(ecosystemIds: $ecosystemIds) { id name }
    getEcosystemById(ecosystemId: $ecosystemId) {
      id name tutorTerm tuteeTerm moduleTerm
      sessionSettings { sessionInterval sessionDurations tuteeBookEnabled }
    }
    getProgramsByEcosystemId(ecosystemId: $ecosystemId, first: 100) {
      edges { node { id name archived sessionCapabilities sessions { tutorEditSessionParticipants } } }
    }
  }
`;

type Loaded = ChainedQueries<SessionsPageViewerQuery, SessionsPageEcosystemQuery>;
type Viewer = NonNullable<SessionsPageViewerQuery['response']['getCurrentUserV2']>;
type EcosystemData = SessionsPageEcosystemQuery['response'];

export function loader({ request }: LoaderFunctionArgs): Promise<Loaded> {
  requireLogin(request);
  const wanted = new URL(request.url).searchParams.get('ecosystem');
  return preloadChained<SessionsPageViewerQuery, SessionsPageEcosystemQuery>(relayEnvironment, { first: viewerQuery, second: ecosystemQuery }, (answer) => {
    const ids = answer?.getCurrentUserV2 ? viewerEcosystemIds(answer.getCurrentUserV2) : [];
    const ecosystemId = wanted && ids.includes(wanted) ? wanted : ids[0];
    return ecosystemId ? { ecosystemId, ecosystemIds: ids } : null;
  }, request.signal);
}

function useBookingContext(viewer: Viewer, data: EcosystemData | null, zone: string): BookingContext | null {
  return useMemo(() => {
    const ecosystem = data?.getEcosystemById;
    if (!ecosystem || !data) return null;
    const programs = data.getProgramsByEcosystemId.edges.map(({ node }) => ({ ...node, sessionCapabilities: sessionTypes(node.sessionCapabilities) }));
    const access = bookingAccess(viewer, ecosystem.id, programs, ecosystem.sessionSettings.tuteeBookEnabled);
    if (access.programs.length === 0) return null;
    return { ecosystemId: ecosystem.id, programs: access.programs, sessionInterval: ecosystem.sessionSettings.sessionInterval,
      durations: ecosystem.sessionSettings.sessionDurations, zone, viewerId: viewer.id, isAdmin: access.isAdmin, isTutor: access.isTutor };
  }, [viewer, data, zone]);
}

/** What the edit dialog needs: the ecosystem's steps and lengths, the people to choose from, and who may change them. */
function useEditContext(viewer: Viewer, data: EcosystemData | null, booking: BookingContext | null): EditContext {
  return useMemo(() => {
    const ecosystem = data?.getEcosystemById;
    const programs = (data?.getProgramsByEcosystemId.edges ?? []).map(({ node }) => ({ id: node.id, tutorEditSessionParticipants: node.sessions.tutorEditSessionParticipants }));
    return { sessionInterval: ecosystem?.sessionSettings.sessionInterval ?? 15, durations: ecosystem?.sessionSettings.sessionDurations ?? [],
      isAdmin: booking?.isAdmin ?? false, booking, people: peopleRules(viewer, ecosystem?.id ?? '', programs) };
  }, [viewer, data, booking]);
}

function EcosystemChoice({ data }: { data: EcosystemData | null }) {
  const t = useT();
  const [, setParams] = useSearchParams();
  const choices = (data?.getEcosystemsById ?? []).flatMap((e) => (e ? [{ value: e.id, label: e.name }] : []));
  if (choices.length < 2 || !data?.getEcosystemById) return null;
  return <Select label={t('sessions.ecosystem')} maw={320} value={data.getEcosystemById.id} allowDeselect={false} data={choices}
    onChange={(v) => v && setParams({ ecosystem: v })} />;
}

function Sessions({ viewer, data }: { viewer: Viewer; data: EcosystemData | null }) {
  const t = useT();
  const { locale } = useIntl();
  useDocumentTitle(t('sessions.title'));
  const zone = viewerZone(viewer.profile.timeZoneId);
  const context = useBookingContext(viewer, data, zone);
  const [reloadKey, setReloadKey] = useState(0);
  const reload = () => setReloadKey((k) => k + 1);
  const [booking, setBooking] = useState<HTMLElement | null>(null);
  const [action, setAction] = useState<SessionAction | null>(null);
  const edit = useEditContext(viewer, data, context);
  const listProps = { zone, viewerId: viewer.id, reloadKey, onAction: setAction };
  return (
    <Stack maw={1100} mx="auto" p="md" gap="lg">
      <style>{SESSIONS_CSS}</style>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1}>{t('sessions.title')}</Title>
        {context && <Button onClick={(e) => setBooking(e.currentTarget)}>{t('sessions.book')}</Button>}
      </Group>
      <Text size="sm">{t('sessions.intro', { ecosystem: data?.getEcosystemById?.name ?? '', zone: zoneLabel(zone, locale) })}</Text>
      <EcosystemChoice data={data} />
      <UpcomingSessions {...listProps} />
      <CompletedSessions {...listProps} />
      <CancelledSessions {...listProps} />
      <SessionCalendar zone={zone} reloadKey={reloadKey} />
      <DropInSessions {...listProps} onChanged={reload} />
      <BreakoutRooms {...listProps} isTutor={viewer.programRoles.some((r) => r.role === 'LEADER')} />
      <HowToSchedule />
      {context && <BookSessionDialog opened={booking !== null} onClose={() => setBooking(null)} onBooked={reload} context={context} returnFocus={booking} />}
      {action && <SessionActionDialog action={action} viewerId={viewer.id} zone={zone} edit={edit}
        isAdmin={context?.isAdmin ?? false} onClose={() => setAction(null)} onDone={reload} />}
    </Stack>
  );
}

export function Component() {
  const loaded: unknown = useLoaderData();
  if (!isChainedQueries<SessionsPageViewerQuery, SessionsPageEcosystemQuery>(loaded)) throw new Error('The sessions page loader returned no query');
  return <SessionsContent loaded={loaded} />;
}

function SessionsContent({ loaded }: { loaded: Loaded }) {
  const { getCurrentUserV2: viewer } = usePreloadedQuery<SessionsPageViewerQuery>(viewerQuery, loaded.first);
  if (!viewer) throw new Error('The sessions page needs a signed-in user');
  return loaded.second ? <WithEcosystem viewer={viewer} queryRef={loaded.second} /> : <SessionsMessages><Sessions viewer={viewer} data={null} /></SessionsMessages>;
}

function WithEcosystem({ viewer, queryRef }: { viewer: Viewer; queryRef: PreloadedQuery<SessionsPageEcosystemQuery> }) {
  const data = usePreloadedQuery<SessionsPageEcosystemQuery>(ecosystemQuery, queryRef);
  return (
    <TermsProvider terms={data.getEcosystemById ?? {}}>
      <SessionsMessages><Sessions viewer={viewer} data={data} /></SessionsMessages>
    </TermsProvider>
  );
}
