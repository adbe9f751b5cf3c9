/**
 * Weekly parent reports on the embedded engine (pg-boss) with the tick driven by an injected clock
 * (moved, not waited), e-mails through the message pipeline to the local SMTP capture: a guardian
 * in New York gets theirs at 09:00 local on the Saturdays before and after the March change (14:00
 * UTC, then 13:00 UTC), a Spanish-speaking guardian in Madrid at 09:00 Madrid time (08:00 UTC), in
 * Spanish, by e-mail and text; once per week whatever the number of ticks; a guardian whose
 * WEEKLY_REPORT preference is off, and one whose child's program does not send weekly reports,
 * get none. The report lists each child's sessions of the week (attended, missed, cancelled,
 * upcoming) with times in the guardian's zone.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicUrl } from '../../infra/config';
import { startSmtpCapture, type SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import { unsubscribePath, type UnsubscribeClaim } from '../../infra/unsubscribe';
import { booking, person, writeBooking } from '../../projections/sessions/testing';
import { addPerson, buildWorld, type World } from '../../api/people/testing';
import { toGlobalId } from '../../api/relay';
import { messageAggregate } from '../../domain/message/state';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { runWeeklyParentReportsFlow } from '../flows/weeklyParentReports';
import { createWeeklyReportActivities } from './weekly';
import { reportReads, weeklyReportReads } from './reads';

let api: TestApi;
let smtp: SmtpCapture;
let world: World;
const QUARTER = 15 * 60_000;
const headers = () => ({ 'idempotency-key': randomUUID() });

async function ok(query: string, variables: Record<string, unknown>, token: string): Promise<void> {
  const res = await api.graphql(query, variables, { token, headers: headers() });
  expect(res.errors).toBeUndefined();
}

const LINK = 'mutation($input: LinkFamilyMemberInput!) { linkFamilyMember(input: $input) { id } }';
const PROFILE = 'mutation($id: ID!, $input: ProfileInput!) { genericUpdateUser(userId: $id, input: $input) { id } }';
const PARENT_PREFS = 'mutation($input: [ParentNotificationSettingInput!]!) { editParentNotifications(input: $input) { id } }';
const EDIT_PROGRAM = 'mutation($id: ID!, $input: ProgramInput!) { editProgram(programId: $id, programInput: $input) { id } }';

let paula: { userId: string; token: string };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  api = await startTestApi({ SMTP_URL: smtp.url, SCHEDULED_REPORTS_CRON: 'off', WEEKLY_PARENT_REPORTS_CRON: 'off' });
  world = await buildWorld(api);
  const admin = world.tokens.admin1;
  const tutor = await addPerson(api, 'tina.tutor@example.com', [{ ecosystemId: world.e1, role: 'LEADER', programId: world.p1 }]);
  paula = await addPerson(api, 'paula.padre@example.com', [{ ecosystemId: world.e1, role: 'PARENT' }]);
  const olga = await addPerson(api, 'olga.off@example.com', [{ ecosystemId: world.e1, role: 'PARENT' }]);
  const nico = await addPerson(api, 'nico.otherprogram@example.com', [{ ecosystemId: world.e1, role: 'STUDENT' }, { ecosystemId: world.e1, role: 'PUPIL', programId: world.p2 }]);
  const nora = await addPerson(api, 'nora.otherprogram@example.com', [{ ecosystemId: world.e1, role: 'PARENT' }]);

  // p1 sends weekly reports to parents; p2 does not.
  await ok(EDIT_PROGRAM, { id: toGlobalId('Program', world.p1), input: { sessions: { studentWeeklyReportToParents: true } } }, admin);
  const link = (parentId: string, childId: string, notifPreferences: string[]) =>
    ok(LINK, { input: { parentId, childId, ecosystemId: world.e1, relationship: 'PARENT', notifPreferences } }, admin);
  await link(world.ids.parent, world.ids.student, ['EMAIL']);
  await link(paula.userId, world.ids.student, ['EMAIL', 'TEXT']);
  await link(olga.userId, world.ids.student, ['EMAIL']);
  await link(nora.userId, nico.userId, ['EMAIL']);
  await ok(PROFILE, { id: world.ids.parent, input: { timeZoneId: 'America/New_York', languagePreference: 'en' } }, admin);
  await ok(PROFILE, { id: paula.userId, input: { timeZoneId: 'Europe/Madrid', languagePreference: 'sp', phoneNumber: '5552223333' } }, admin);
  await ok(PROFILE, { id: nora.userId, input: { timeZoneId: 'America/New_York' } }, admin);
  await ok(PARENT_PREFS, { input: [{ kind: 'WEEKLY_REPORT', email: true, text: true }] }, paula.token);
  await ok(PARENT_PREFS, { input: [{ kind: 'WEEKLY_REPORT', email: false, text: false }] }, olga.token);

  // The week of 8 March 2027: attended on Monday, missed on Wednesday, cancelled on Thursday; Tuesday 16 March is next week's.
  const owner = api.platform.pools.owner;
  const common = { ecosystemId: world.e1, programId: world.p1, durationMinutes: 60 };
  const pair = (joinedAt: string | null) => {
    const child = person(world.ids.student, 'STUDENT');
    return [person(tutor.userId, 'TUTOR'), joinedAt ? { ...child, attendance: { ...child.attendance, joinedTime: joinedAt, joinedTimeDelta: 0 } } : child];
  };
  await writeBooking(owner, booking({ ...common, startAt: new Date('2027-03-08T20:30:00Z'), participants: pair('2027-03-08T20:31:00.000Z') }));
  await writeBooking(owner, booking({ ...common, startAt: new Date('2027-03-10T20:30:00Z'), participants: pair(null) }));
  await writeBooking(owner, booking({ ...common, startAt: new Date('2027-03-11T21:00:00Z'), cancelled: true, participants: pair(null) }));
  await writeBooking(owner, booking({ ...common, startAt: new Date('2027-03-16T20:30:00Z'), participants: pair(null) }));
  // Nico's session is in p2, which sends no weekly report.
  await writeBooking(owner, booking({ ...common, programId: world.p2, startAt: new Date('2027-03-09T20:30:00Z'), participants: [person(tutor.userId, 'TUTOR'), person(nico.userId, 'STUDENT')] }));
}, 120_000);
afterAll(async () => {
  await api?.stop();
  await smtp?.close();
});

/** Ticks every quarter hour from `from` to `to`; answers the ticks that sent something. */
async function tick(from: string, to: string): Promise<Array<{ at: string; sent: number }>> {
  let now = new Date(from);
  const { bus, engine } = api.platform.services;
  const owner = api.platform.pools.owner;
  // The platform's own unsubscribe links (decision 0072): signed with its secret, so the API's `unsubscribe` takes them.
  const unsubscribeUrl = (claim: UnsubscribeClaim) => publicUrl(api.platform.services.config, unsubscribePath(api.platform.services.auth.unsubscribe.sign(claim)));
  const acts = createWeeklyReportActivities({ reads: reportReads(owner, bus), weekly: weeklyReportReads(owner), engine: () => engine, unsubscribeUrl }, bus, () => now);
  const fired: Array<{ at: string; sent: number }> = [];
  for (; now.getTime() <= Date.parse(to); now = new Date(now.getTime() + QUARTER)) {
    const outcome = await runWeeklyParentReportsFlow(acts, {});
    if (outcome.sent > 0) fired.push({ at: now.toISOString(), ...outcome });
    // The next tick reads the recorded messages from the read model, as the engine's next run would.
    for (let wait = 0; wait < 200 && (await acts.dueWeeklyParentReports()).length > 0; wait++) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return fired;
}

describe('the weekly report to parents', () => {
  it('reaches each guardian on Saturday at 09:00 in their zone on both sides of the March change, in their language, once a week', async () => {
    const first = await tick('2027-03-13T00:00:00Z', '2027-03-13T23:45:00Z');
    const second = await tick('2027-03-20T00:00:00Z', '2027-03-20T23:45:00Z');
    // Madrid (no change until 28 March): 08:00 UTC both weeks. New York: 14:00 UTC (EST), then 13:00 UTC (EDT, from 14 March).
    expect(first).toEqual([{ at: '2027-03-13T08:00:00.000Z', sent: 1 }, { at: '2027-03-13T14:00:00.000Z', sent: 1 }]);
    expect(second).toEqual([{ at: '2027-03-20T08:00:00.000Z', sent: 1 }, { at: '2027-03-20T13:00:00.000Z', sent: 1 }]);

    await smtp.waitFor(4, 20_000);
    const pat = smtp.to('pat.parent@example.com');
    expect(pat.map((m) => m.subject)).toEqual([
      'Riverside Unified School District: weekly report (2027-03-08 – 2027-03-14)',
      'Riverside Unified School District: weekly report (2027-03-15 – 2027-03-21)',
    ]);
    expect(pat[0].headers.get('x-platform-message-kind')).toBe('WEEKLY_PARENT_REPORT');
    const text = pat[0].text ?? '';
    // Times in New York time: 20:30 UTC on 8 March is 3:30 PM EST; the session of 16 March (EDT) is 4:30 PM.
    expect(text).toMatch(/Mon, Mar 8, 3:30\s?PM EST \| [^|]+ \| Algebra \| [^|]+ \| Attended/);
    expect(text).toMatch(/Wed, Mar 10, 3:30\s?PM EST \| .* \| Missed/);
    expect(text).toMatch(/Thu, Mar 11, 4:00\s?PM EST \| .* \| Cancelled/);
    expect(text).toMatch(/Tue, Mar 16, 4:30\s?PM EDT \| .* \| Upcoming/);
    expect(text).toContain('1 attended, 1 missed, 1 cancelled, 1 upcoming');
    expect(pat[0].html).toContain('<table');
    // The second week: Tuesday's session has passed by then and nobody joined it.
    expect(pat[1].text).toMatch(/Tue, Mar 16, 4:30\s?PM EDT \| .* \| Missed/);

    const padre = smtp.to('paula.padre@example.com');
    expect(padre).toHaveLength(2);
    expect(padre[0].subject).toBe('Riverside Unified School District: informe semanal (2027-03-08 – 2027-03-14)');
    // Madrid time: 20:30 UTC is 21:30 there.
    expect(padre[0].text).toMatch(/lun, 8 mar, 21:30 .* \| Asistió/);
    expect(padre[0].text).toContain('1 con asistencia, 1 con falta, 1 canceladas, 1 próximas');

    // Olga turned the report off; Nora's child is in a program that sends none.
    expect(smtp.to('olga.off@example.com')).toHaveLength(0);
    expect(smtp.to('nora.otherprogram@example.com')).toHaveLength(0);

    // Paula also chose text: one short summary a week, in Spanish (no SMS_URL here, so it waits in the outbox).
    const texts = await api.platform.pools.owner.query<{ id: string; recipient: string; language: string }>(
      `SELECT id, recipient, language FROM read.messages WHERE kind = 'WEEKLY_PARENT_REPORT' AND channel = 'SMS' ORDER BY created_at`);
    expect(texts.rows.map((r) => [r.recipient, r.language])).toEqual([['+15552223333', 'es'], ['+15552223333', 'es']]);
    const sms = await api.platform.services.bus.load(messageAggregate, texts.rows[0].id);
    expect(sms.status === 'NONE' ? null : sms.message.text)
      .toMatch(/^Informe semanal de Riverside Unified School District \(2027-03-08 – 2027-03-14\): Sam [^:]+: 1 con asistencia, 1 con falta, 1 canceladas, 1 próximas\.$/);
  });

  it('sends nothing again for a week already sent, even when the tick runs again later that day', async () => {
    expect(await tick('2027-03-20T14:00:00Z', '2027-03-20T16:00:00Z')).toEqual([]);
    expect(smtp.to('pat.parent@example.com')).toHaveLength(2);
  });

  it("carries an unsubscribe link that turns the guardian's WEEKLY_REPORT e-mail off without logging in: the next week's report goes to the others only", async () => {
    const pat = smtp.to('pat.parent@example.com');
    expect(pat).toHaveLength(2);
    const token = decodeURIComponent(/\/unsubscribe\/(\S+)/.exec(pat[1].text ?? '')?.[1] ?? '');
    expect(api.platform.services.auth.unsubscribe.verify(token)).toEqual({ userId: world.ids.parent, variant: 'parentNotificationPreference', kind: 'WEEKLY_REPORT' });
    // mailparser reads List-Unsubscribe into its `list` header: the same page.
    expect(JSON.stringify(pat[1].headers.get('list'))).toContain(`/unsubscribe/${encodeURIComponent(token)}`);
    expect(pat[1].html).toContain('Stop e-mails like this one');
    expect(smtp.to('paula.padre@example.com')[1].html).toContain('No recibir más correos como este');

    const res = await api.graphql<{ unsubscribe: { kind: string; variant: string } }>(
      'mutation($token: String!) { unsubscribe(token: $token) { kind variant } }', { token }, { token: null });
    expect(res.errors).toBeUndefined();
    expect(res.data?.unsubscribe).toEqual({ kind: 'WEEKLY_REPORT', variant: 'parentNotificationPreference' });
    const head = await api.platform.services.eventStore.headPosition();
    if (head) expect(await api.platform.services.projections.waitFor(head, undefined, 10_000)).toBe(true);

    // Saturday 27 March: Paula (Madrid, 08:00 UTC) still gets hers; Pat (New York, 13:00 UTC) no more.
    expect(await tick('2027-03-27T00:00:00Z', '2027-03-27T23:45:00Z')).toEqual([{ at: '2027-03-27T08:00:00.000Z', sent: 1 }]);
    await smtp.nextTo('paula.padre@example.com', 2, 20_000);
    expect(smtp.to('pat.parent@example.com')).toHaveLength(2);
  });
});
