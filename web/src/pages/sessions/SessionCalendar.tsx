/**
 * The calendar view of the reader's sessions (FullCalendar, docs/decisions/0059): day, week and
 * month, drawn in the viewer's zone through the luxon plugin, which names the zone above the grid.
 * It asks for the sessions of the dates on screen, upcoming and completed, a page of 100 at a time.
 * On a phone it opens on the day view, which fits 390 px. The arrows are words: FullCalendar's
 * arrow icons are images without names (axe: role-img-alt).
 */
import FullCalendar from '@fullcalendar/react';
import type { DayCellMountArg, EventInput, EventSourceFuncArg } from '@fullcalendar/core';
import esLocale from '@fullcalendar/core/locales/es';
import dayGridPlugin from '@fullcalendar/daygrid';
import luxonPlugin from '@fullcalendar/luxon3';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useT } from '../../i18n/terms';
import { zoneLabel } from './format';
import { fetchSessionPage, type Session } from './sessionOperations';

const CALENDAR_PAGE = 100;
const MAX_PAGES = 10;

async function sessionsBetween(from: string, to: string): Promise<Session[]> {
  const found: Session[] = [];
  for (const status of ['UPCOMING', 'COMPLETED'] as const) {
    for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber += 1) {
      const page = await fetchSessionPage({ status, from, to, pageNumber, pageSize: CALENDAR_PAGE });
      found.push(...page.sessions);
      if (!page.hasMore) break;
    }
  }
  return found;
}

export function calendarEvent(session: Session): EventInput {
  return {
    id: session.id,
    title: session.subject,
    start: session.startAt,
    end: session.endAt,
    classNames: [`session-${session.sessionType.toLowerCase()}`],
  };
}

/**
 * A month view's day cell is named by its day number (aria-labelledby) yet holds the day's sessions,
 * whose words are then not part of its name (axe: label-content-name-mismatch); without the label
 * the cell reads as its content, the day number first.
 */
function unlabelDayCell({ el }: DayCellMountArg): void {
  if (el.tagName === 'TD') el.removeAttribute('aria-labelledby');
}

export function SessionCalendar({ zone, reloadKey }: { zone: string; reloadKey: number }) {
  const t = useT();
  const { locale } = useIntl();
  // Read once: the view a phone opens on (the same width as components/responsive.ts's phone layout).
  const [phone] = useState(() => window.matchMedia('(max-width: 40em)').matches);
  const calendar = useRef<FullCalendar>(null);
  const [failed, setFailed] = useState(false);
  const events = useCallback((info: EventSourceFuncArg, success: (events: EventInput[]) => void, failure: (error: Error) => void) => {
    sessionsBetween(info.start.toISOString(), info.end.toISOString()).then(
      (sessions) => { setFailed(false); success(sessions.map(calendarEvent)); },
      (error: unknown) => {
        console.error('The calendar\'s sessions failed to load', error);
        setFailed(true);
        failure(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }, []);
  useEffect(() => { calendar.current?.getApi().refetchEvents(); }, [reloadKey]);
  return (
    <Stack component="section" aria-labelledby="sessions-calendar" gap="sm">
      <Title order={2} size="h3" id="sessions-calendar">{t('sessions.calendar')}</Title>
      <Text size="sm" data-testid="calendar-zone">{t('sessions.calendar.zone', { zone: zoneLabel(zone, locale) })}</Text>
      {failed && <Alert color="red" role="alert">{t('sessions.upcoming.error')}</Alert>}
      <div className="session-calendar">
        <FullCalendar ref={calendar} plugins={[dayGridPlugin, timeGridPlugin, luxonPlugin]} timeZone={zone}
          locales={[esLocale]} locale={locale.startsWith('es') ? 'es' : 'en'} firstDay={0}
          initialView={phone ? 'timeGridDay' : 'timeGridWeek'} height="auto" nowIndicator scrollTime="08:00:00"
          headerToolbar={{ start: 'prev,next today', center: 'title', end: 'timeGridDay,timeGridWeek,dayGridMonth' }}
          buttonIcons={false} buttonText={{ prev: t('sessions.calendar.previous'), next: t('sessions.calendar.next'), today: t('sessions.calendar.today'),
            day: t('sessions.calendar.day'), week: t('sessions.calendar.week'), month: t('sessions.calendar.month') }}
          events={events} dayCellDidMount={unlabelDayCell} />
      </div>
    </Stack>
  );
}
