/**
 * The notification pipeline end to end (docs/decisions/0072) on the real PostgreSQL, pg-boss and a
 * local SMTP server: a session booked, moved and cancelled produces exactly the expected e-mails
 * (recipients, subjects, language, local times in each recipient's zone); a replay sends nothing
 * new; a preference turned off and a program rule that leaves a recipient type out hold theirs back;
 * every e-mail carries a working unsubscribe link (its token names the recipient and kind); a text goes
 * where chosen and allowed; an application review reaches the applicant.
 */
import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewApplication, saveApplicationDraft, startApplication, submitApplication } from '../../domain/application/handlers';
import { createEcosystem } from '../../domain/ecosystem/handlers';
import { linkFamilyMember } from '../../domain/family/handlers';
import { messageAggregate } from '../../domain/message/state';
import { createProgram, editProgram } from '../../domain/program/handlers';
import { ana, booking, handlers, NOW, occurrences as occurrencesOfEvents, tutor } from '../../domain/session/fixtures.testing';
import type { CommandHandler, DomainEvent } from '../../domain/shared/decider';
import type { Actor, Position } from '../../domain/shared/events';
import { editProfile, grantEcosystemRole, registerUser } from '../../domain/user/handlers';
import { editNotificationSettings } from '../../domain/user/settings/handlers';
import { CommandBus } from '../../infra/commandbus';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { SmtpMailTransport } from '../../infra/mail/smtp';
import { startSmtpCapture, type SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import { unsubscribePath, unsubscribeTokens } from '../../infra/unsubscribe';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { createActivities } from '../../workflows/activities';
import type { WorkflowEngine } from '../../workflows/engine/port';
import { quickPgBoss } from '../../workflows/testing/messaging';
import { parentsOfLearner } from '../families/queries';
import { allProjections } from '../registry';
import { ProjectionRunner } from '../runner';
import { messageDeliveryReactor } from './message-delivery';
import { notificationsReactor } from './notifications';

const ecosystemId = '5e55a000-0000-4000-8000-000000000002';
const programId = '5e55a000-0000-4000-8000-000000000003';
const seriesId = '5e55a000-0000-4000-8000-000000000001';
const parentId = '5e55a000-0000-4000-8000-0000000000d1';
const adminId = '5e55a000-0000-4000-8000-0000000000c1';
const admin: Actor = { userId: adminId, role: 'SUPER_ADMIN' };
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$b25lb25lb25lb25lb25l$aGFzaG9uZWhhc2hvbmU';
const tokens = unsubscribeTokens('a test secret of at least thirty-two characters');
const BASE = 'https://app.example.org';

let db: TestDatabase;
let store: EventStore;
let bus: CommandBus;
let smtp: SmtpCapture;
let engine: WorkflowEngine;
let runner: ProjectionRunner;

function startRunner(): ProjectionRunner {
  const r = new ProjectionRunner(db.ownerPool, store, allProjections(), {
    pollIntervalMs: 20, onError: () => undefined,
    reactors: {
      bus,
      reactors: [
        notificationsReactor({
          parentsOf: (childId, eco) => parentsOfLearner(db.ownerPool, childId, eco),
          publicUrl: (path) => `${BASE}${path}`,
          unsubscribePath: (claim) => unsubscribePath(tokens.sign(claim)),
        }),
        messageDeliveryReactor(() => engine),
      ],
    },
  });
  return r;
}

async function run<I, S, E extends DomainEvent>(handler: CommandHandler<I, S, E>, input: unknown, actor: Actor = admin): Promise<Position | null> {
  return (await bus.dispatch(handler, input, { actor, commandId: randomUUID(), now: NOW })).position;
}

async function person(userId: string, first: string, email: string, profile: Record<string, unknown>, role: 'STUDENT' | 'MEMBER' | 'PARENT' | 'SUPER_ADMIN') {
  await run(registerUser, { userId, email, firstName: first, lastName: 'Example', passwordHash: HASH });
  await run(grantEcosystemRole, { userId, ecosystemId, role });
  await run(editProfile, { userId, changes: profile });
}

/** The e-mails that arrived after `seen`, once `count` of them have, and a moment more to see that no others follow. */
async function mailsAfter(seen: number, count: number): Promise<ParsedMail[]> {
  await smtp.waitFor(seen + count, 30_000);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  return smtp.received.slice(seen);
}

const toOf = (m: ParsedMail) => (m.to && 'text' in m.to ? m.to.text : '');
const summary = (mails: ParsedMail[]) => mails.map((m): [string, string] => [toOf(m), m.subject ?? '']).sort((a, b) => a[0].localeCompare(b[0]));

beforeAll(async () => {
  smtp = await startSmtpCapture();
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
  bus = new CommandBus(store);
  const activities = createActivities({
    bus, delivery: { bus, loadMessage: (id) => bus.load(messageAggregate, id), transports: { mail: new SmtpMailTransport({ url: smtp.url, from: 'Río Academy <no-reply@rio.example.org>' }), text: null } },
  });
  engine = quickPgBoss(activities, db.url);
  await engine.start();
  runner = startRunner();
  await runner.start();
  await run(createEcosystem, { ecosystemId, details: { name: 'Río Academy', organizationType: 'NON_PROFIT', tutorTerm: 'Coach' } });
  await run(createProgram, { programId, ecosystemId, details: { name: 'After school' } });
  await person(adminId, 'Ada', 'ada@example.org', { timeZoneId: 'America/New_York' }, 'SUPER_ADMIN');
  await person(tutor.userId, 'Tess', 'tess@example.org', { timeZoneId: 'America/Los_Angeles' }, 'MEMBER');
  await person(ana.userId, 'Ana', 'ana@example.org', { timeZoneId: 'America/New_York' }, 'STUDENT');
  await person(parentId, 'Paula', 'paula@example.org', { timeZoneId: 'America/New_York', languagePreference: 'sp' }, 'PARENT');
  const linked = await run(linkFamilyMember, { parentId, childId: ana.userId, ecosystemId, relationship: 'PARENT', notifPreferences: ['EMAIL'] });
  expect(await runner.waitFor(linked!, ['families'], 10_000)).toBe(true);
}, 60_000);

afterAll(async () => {
  await runner?.stop();
  await engine?.stop();
  await store?.close();
  await db?.drop();
  await smtp?.close();
});

describe('session notifications', () => {
  let firstId: string;
  let secondId: string;
  let thirdId: string;
  let fourthId: string;
  let cancelledAt: Position | null;

  it('a booking tells the tutor, the learner and, in Spanish, her parent; not the admin who booked it', async () => {
    const seen = smtp.received.length;
    await run(handlers.scheduleSession, booking());
    const mails = await mailsAfter(seen, 3);
    expect(summary(mails)).toEqual([
      ['ana@example.org', 'Río Academy: session booked: Algebra'],
      ['paula@example.org', 'Río Academy: sesión reservada de Ana Example: Algebra'],
      ['tess@example.org', 'Río Academy: session booked: Algebra'],
    ]);
    const [first, second, third, fourth] = occurrencesOfEvents(await store.readStream(`session-${seriesId}`) as never);
    [firstId, secondId, thirdId, fourthId] = [first.id, second.id, third.id, fourth.id];
    // Monday 23 November, 16:00 in New York: 13:00 for the tutor in Los Angeles.
    expect(mails.find((m) => toOf(m) === 'tess@example.org')?.text).toContain('on Monday, November 23 at 1:00 PM PST');
    expect(mails.find((m) => toOf(m) === 'ana@example.org')?.text).toContain('on Monday, November 23 at 4:00 PM EST');
    expect(mails.find((m) => toOf(m) === 'paula@example.org')?.text).toContain('lunes, 23 de noviembre, 4:00 p.m. EST');
  });

  it('a moved session tells each recipient the new and the old time in their own zone and language', async () => {
    const seen = smtp.received.length;
    await run(handlers.editSession, { seriesId, occurrenceId: firstId, scope: 'SINGLE', changes: { startTime: '18:00' } });
    const mails = await mailsAfter(seen, 3);
    expect(summary(mails)).toEqual([
      ['ana@example.org', 'Río Academy: new time for Algebra'],
      ['paula@example.org', 'Río Academy: nuevo horario de Algebra de Ana Example'],
      ['tess@example.org', 'Río Academy: new time for Algebra'],
    ]);
    expect(mails.find((m) => toOf(m) === 'tess@example.org')?.text).toContain('now takes place on Monday, November 23 at 3:00 PM PST (it was on Monday, November 23 at 1:00 PM PST)');
    expect(mails.find((m) => toOf(m) === 'paula@example.org')?.text).toContain('ahora es el lunes, 23 de noviembre, 6:00 p.m. EST');
  });

  it('a cancelled session tells the three, with an unsubscribe link and header that name the recipient and kind', async () => {
    const seen = smtp.received.length;
    cancelledAt = await run(handlers.cancelSession, { seriesId, occurrenceId: firstId, scope: 'SINGLE', reason: 'The school is closed.' });
    const mails = await mailsAfter(seen, 3);
    expect(summary(mails).map(([to]) => to)).toEqual(['ana@example.org', 'paula@example.org', 'tess@example.org']);
    const paula = mails.find((m) => toOf(m) === 'paula@example.org')!;
    expect(paula.subject).toBe('Río Academy: sesión cancelada de Ana Example: Algebra');
    expect(paula.text).toContain('Motivo: The school is closed.');
    const token = decodeURIComponent(/\/unsubscribe\/(\S+)/.exec(paula.text ?? '')?.[1] ?? '');
    // mailparser reads List-Unsubscribe into its `list` header: the same page.
    expect(JSON.stringify(paula.headers.get('list'))).toContain(`${BASE}/unsubscribe/${encodeURIComponent(token)}`);
    expect(tokens.verify(token)).toEqual({ userId: parentId, variant: 'parentNotificationPreference', kind: 'CHILD_SESSION_CANCELLED' });
    expect(paula.html).toContain(`href="${BASE}/unsubscribe/`);
  });

  it('the reactor moved back and run again records and sends nothing new', async () => {
    const seen = smtp.received.length;
    const messages = async () => Number((await db.ownerPool.query<{ n: string }>("SELECT count(*) AS n FROM events WHERE type = 'MessageRecorded'")).rows[0].n);
    const inApp = async () => (await db.ownerPool.query<{ kind: string }>("SELECT data->>'kind' AS kind FROM events WHERE type = 'NotificationPosted' ORDER BY global_position")).rows.map((r) => r.kind);
    const before = await messages();
    expect(before).toBe(9);
    // Each notice is also posted in-app (decision 0073), once.
    const posted = await inApp();
    expect(posted).toEqual([...Array(3).fill('SESSION_BOOKED'), ...Array(3).fill('SESSION_MOVED'), ...Array(3).fill('SESSION_CANCELLED')]);
    await runner.stop();
    await db.ownerPool.query(`UPDATE projections.reactor_checkpoints SET commit = NULL, prepare = NULL`);
    runner = startRunner();
    await runner.start();
    expect(await runner.waitFor(cancelledAt!, ['notices'], 20_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await messages()).toBe(before);
    expect(await inApp()).toEqual(posted);
    expect(smtp.received.length).toBe(seen);
  });

  it('a preference turned off holds back that kind for that person only', async () => {
    await run(editNotificationSettings, { userId: ana.userId, variant: 'notificationPreference', settings: [{ kind: 'SESSION_CANCELLED', email: false, text: false }] }, admin);
    const seen = smtp.received.length;
    await run(handlers.cancelSession, { seriesId, occurrenceId: secondId, scope: 'SINGLE', reason: null });
    expect(summary(await mailsAfter(seen, 2)).map(([to]) => to)).toEqual(['paula@example.org', 'tess@example.org']);
  });

  it("the program's rule for cancelled sessions leaving parents out: no message to them", async () => {
    await run(editProgram, { programId, changes: { sessionNotifications: { cancelled: { recipientTypes: ['STUDENT', 'TUTOR'] } } } });
    const seen = smtp.received.length;
    await run(handlers.cancelSession, { seriesId, occurrenceId: thirdId, scope: 'SINGLE', reason: null });
    // Ana turned cancellations off above; the parent is left out by the rule: only the tutor.
    expect(summary(await mailsAfter(seen, 1)).map(([to]) => to)).toEqual(['tess@example.org']);
  });

  it('a text too where the person chose it, has a phone and the program allows texts (kept in the outbox without an SMS provider)', async () => {
    await run(editProfile, { userId: tutor.userId, changes: { phoneNumber: '(555) 123-4567' } });
    await run(editNotificationSettings, { userId: tutor.userId, variant: 'notificationPreference', settings: [{ kind: 'SESSION_CANCELLED', email: true, text: true }] });
    await run(editProgram, { programId, changes: { sessionNotifications: { cancelled: { notificationTypes: ['EMAIL', 'TEXT'] } } } });
    const seen = smtp.received.length;
    const at = await run(handlers.cancelSession, { seriesId, occurrenceId: fourthId, scope: 'SINGLE', reason: null });
    expect(summary(await mailsAfter(seen, 1)).map(([to]) => to)).toEqual(['tess@example.org']);
    expect(await runner.waitFor(at!, ['notices', 'message_delivery', 'messages'], 20_000)).toBe(true);
    const deadline = Date.now() + 20_000;
    let texts: Array<{ to: string; status: string; kind: string }> = [];
    while (Date.now() < deadline) {
      texts = (await db.ownerPool.query<{ to: string; status: string; kind: string }>(`SELECT recipient AS "to", status, kind FROM read.messages WHERE channel = 'SMS'`)).rows;
      if (texts.some((t) => t.status === 'OUTBOX')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(texts).toEqual([{ to: '+15551234567', status: 'OUTBOX', kind: 'SESSION_CANCELLED' }]);
  });

  it('an application reviewed tells the applicant once, in their language, and not the reviewer', async () => {
    const lia = '5e55a000-0000-4000-8000-0000000000e1';
    const applicationId = '5e55a000-0000-4000-8000-0000000000e2';
    await person(lia, 'Lia', 'lia@example.org', { languagePreference: 'sp' }, 'MEMBER');
    await run(startApplication, {
      applicationId, ecosystemId, userId: lia, applicantType: 'PARENT', approvalRequired: true, emailVerificationRequired: false, backgroundCheckRequired: false, leadId: null,
    }, { userId: lia, role: 'MEMBER' });
    await run(saveApplicationDraft, { applicationId, changes: { phoneNumber: '(555) 123-4567' } }, { userId: lia, role: 'MEMBER' });
    await run(submitApplication, { applicationId, emailVerified: true }, { userId: lia, role: 'MEMBER' });
    const seen = smtp.received.length;
    await run(reviewApplication, { applicationId, decision: 'APPROVED', note: null });
    const [mail] = await mailsAfter(seen, 1);
    expect([toOf(mail), mail.subject]).toEqual(['lia@example.org', 'Río Academy: su solicitud está aprobada']);
    expect(mail.text).toContain('Su solicitud para unirse a Río Academy está aprobada. Ya puede iniciar sesión y empezar.');
  });
});
