/**
 * The sessions pages' own rules (docs/decisions/0059), rendered in a <style> by the page: a CSS
 * file would add its name to the first load's list of preloads (web/bundle-budget.unit.test.ts).
 */
export const SESSIONS_CSS = `
.plain-fieldset {
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
}

.field-legend {
  font-size: var(--mantine-font-size-sm);
  font-weight: 500;
  margin-bottom: 4px;
  padding: 0;
}

/* FullCalendar's toolbar wraps on a phone instead of pushing the page sideways. */
.session-calendar .fc .fc-toolbar {
  flex-wrap: wrap;
  gap: 8px;
}

.session-calendar .fc .fc-toolbar-title {
  font-size: 1.15rem;
}

/* FullCalendar's default blue event text on a light event colour is below 4.5:1; the theme's is not. */
.session-calendar {
  --fc-event-bg-color: var(--mantine-color-blue-8);
  --fc-event-border-color: var(--mantine-color-blue-8);
  --fc-event-text-color: #fff;
  --fc-button-bg-color: var(--mantine-color-blue-8);
  --fc-button-border-color: var(--mantine-color-blue-8);
  --fc-button-active-bg-color: var(--mantine-color-blue-9);
  --fc-button-active-border-color: var(--mantine-color-blue-9);
  --fc-today-bg-color: var(--mantine-color-yellow-0);
  max-width: 100%;
  overflow-x: auto;
}

/* The days of the neighbouring months were drawn at 30% opacity (contrast 2.1:1); a grey that reads. */
.session-calendar .fc .fc-day-other .fc-daygrid-day-top {
  opacity: 1;
  color: var(--mantine-color-gray-7);
}

/* A narrow month cell wraps an event's time and title instead of cutting the title off. */
.session-calendar .fc .fc-daygrid-event {
  white-space: normal;
}

.session-calendar .fc .fc-daygrid-dot-event {
  flex-wrap: wrap;
}

.session-calendar .fc .fc-daygrid-event .fc-event-title {
  overflow-wrap: anywhere;
}
`;
