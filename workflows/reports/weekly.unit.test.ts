import { describe, expect, it } from 'vitest';
import { renderMessage } from '../../domain/message/templates';
import { parentReportWeek } from '../../domain/report/weekly';
import type { WeeklyGuardianRow } from '../../projections/reports/weekly';
import { e164, sessionWhen, weeklyChannels, weeklyParams } from './weekly';

const row = (changes: Partial<WeeklyGuardianRow> = {}): WeeklyGuardianRow => ({
  parentId: 'p', ecosystemId: 'e', email: 'pat@example.com', timeZoneId: 'America/Chicago', languagePreference: 'en', phoneNumber: null, weekly: null,
  children: [{ childId: 'a', name: 'Ana', channels: ['EMAIL'] }, { childId: 'b', name: 'Ben', channels: ['EMAIL', 'TEXT'] }],
  ...changes,
});

describe('the weekly report\'s channels', () => {
  it('follow the guardian\'s WEEKLY_REPORT choice (e-mail by default) and each child\'s link channels; text needs a phone', () => {
    expect(weeklyChannels(row())).toEqual({ EMAIL: ['a', 'b'], SMS: [] });
    expect(weeklyChannels(row({ weekly: { email: false, text: true } }))).toEqual({ EMAIL: [], SMS: [] });
    expect(weeklyChannels(row({ weekly: { email: false, text: true }, phoneNumber: '5552223333' }))).toEqual({ EMAIL: [], SMS: ['b'] });
  });

  it('send texts to the profile\'s phone in international form', () => {
    expect(e164('5552223333')).toBe('+15552223333');
    expect(e164('15552223333')).toBe('+15552223333');
    expect(e164('12345')).toBeNull();
    expect(e164(null)).toBeNull();
  });
});

describe('the weekly report\'s contents', () => {
  it('list each child\'s sessions with times in the guardian\'s zone and language', () => {
    const week = parentReportWeek(new Date('2027-03-13T15:00:00Z'), 'America/Chicago');
    const sessions = [
      { childId: 'a', sessionId: 's1', startAt: new Date('2027-03-09T22:00:00Z'), endAt: new Date('2027-03-09T23:00:00Z'), cancelled: false, joined: true, program: 'Math', subject: 'Algebra', tutor: 'Tina T' },
      { childId: 'b', sessionId: 's2', startAt: new Date('2027-03-16T22:00:00Z'), endAt: new Date('2027-03-16T23:00:00Z'), cancelled: false, joined: false, program: 'Math', subject: 'Reading', tutor: 'Tina T' },
    ];
    const params = weeklyParams(row(), ['a', 'b'], sessions, week, 'es');
    expect(params.week).toBe('2027-03-08 – 2027-03-14');
    expect(params.children.map((c) => [c.name, c.sessions.map((s) => s.status)])).toEqual([['Ana', ['ATTENDED']], ['Ben', ['UPCOMING']]]);
    // 22:00 UTC is 16:00 in Chicago before the change, 17:00 after it.
    expect(params.children[0].sessions[0].when).toBe(sessionWhen(new Date('2027-03-09T22:00:00Z'), 'America/Chicago', 'es'));
    expect(params.children[0].sessions[0].when).toMatch(/16:00/);
    expect(params.children[1].sessions[0].when).toMatch(/17:00/);
    const email = renderMessage({ kind: 'WEEKLY_PARENT_REPORT', channel: 'EMAIL', language: 'es', params, brand: { ecosystemName: 'Río', tutorTerm: 'Coach' } });
    expect(email.html).toContain('<th scope="col" style="font-family:Arial,Helvetica,sans-serif;font-size:13px;padding:4px 8px;border-bottom:1px solid #dee2e6;text-align:left">Coach</th>');
    expect(email.text).toContain('Ana: 1 con asistencia, 0 con falta, 0 canceladas, 0 próximas');
    const sms = renderMessage({ kind: 'WEEKLY_PARENT_REPORT', channel: 'SMS', language: 'en', params: weeklyParams(row(), ['b'], sessions, week, 'en'), brand: { ecosystemName: 'Río' } });
    expect(sms.text).toBe('Río weekly report (2027-03-08 – 2027-03-14): Ben: 0 attended, 0 missed, 0 cancelled, 1 upcoming.');
  });
});
