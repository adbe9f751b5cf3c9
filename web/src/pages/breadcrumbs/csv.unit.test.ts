import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { en, type MessageId } from '../../i18n/en';
import { AUDIT_MESSAGES, type AuditMessageId } from './i18n/catalogue';
import { csvHeader, csvRow, toCsv } from './csv';

const words: Record<string, string> = { ...en, ...AUDIT_MESSAGES.en };
const t = (id: MessageId | AuditMessageId, values?: Record<string, unknown>) =>
  words[id].replace(/\{(\w+)[^}]*\}/g, (_, name: string) => String(values?.[name] ?? ''));

describe('the breadcrumbs CSV', () => {
  it('escapes cells a spreadsheet would run as formulas, even across lines, and quotes the rest properly', () => {
    const csv = toCsv(['a', 'b'], [['=HYPERLINK("http://evil")', '+1'], ['-2+3', '@SUM(A1)'], ['=1\n+2', 'plain, "quoted"'], [42, null]]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(csv.slice(1).trim()).data;
    expect(parsed).toEqual([
      ['a', 'b'],
      ['\'=HYPERLINK("http://evil")', '\'+1'],
      ['\'-2+3', '\'@SUM(A1)'],
      ['\'=1\n+2', 'plain, "quoted"'],
      ['42', ''],
    ]);
  });

  it('writes one event per line in the reader\'s words and zone', () => {
    const node = {
      occurredAt: '2026-11-23T19:05:09.000Z', eventType: 'ProgramEdited', summary: 'x', actorName: 'Pat Admin', actorRole: 'PLATFORM_ADMIN',
      targetType: 'program', targetName: 'Reading Buddies', changes: { changes: { name: 'Reading Buddies', subBoard: { enabled: false } } }, runId: null,
    };
    expect(csvHeader(t)).toEqual(['Time', 'Time zone', 'Person', 'Role', 'Action', 'Kind of item', 'Item', 'Details', 'Job run']);
    expect(csvRow(node, { t, localeTag: 'en', zone: 'America/New_York' })).toEqual([
      '23 Nov 2026, 14:05:09 UTC-5', 'America/New_York', 'Pat Admin', 'Platform admin', 'Program renamed', 'Program', 'Reading Buddies',
      'Name: Reading Buddies; Substitute board › On: No', null,
    ]);
  });

  it('writes values in words and instants like the time column, and says "UTC" for UTC in both columns', () => {
    const node = {
      occurredAt: '2026-11-23T21:02:59.592Z', eventType: 'EcosystemProfileIdClaimed', summary: 'x', actorUserId: 'operator:root', actorName: null,
      actorRole: 'OPERATOR', targetType: 'ecosystemprofile', targetName: null, changes: { claimedAt: '2026-11-23T21:02:59.592Z', type: 'ECOSYSTEM' }, runId: null,
    };
    const [time, zone, person, role, , , , details] = csvRow(node, { t, localeTag: 'en', zone: 'UTC' });
    expect([time, zone, person, role]).toEqual(['23 Nov 2026, 21:02:59 UTC', 'UTC', 'root (operator)', 'Operator']);
    expect(details).toBe('Claimed at: 23 Nov 2026, 21:02:59 UTC; Kind: Ecosystem');
  });

  it('puts why an unreadable event could not be read first in its details', () => {
    const node = {
      occurredAt: '2026-11-23T21:02:59.592Z', eventType: 'ProgramEdited', summary: 'x', actorUserId: 'u1', actorName: 'Pat Admin',
      actorRole: 'SUPER_ADMIN', targetType: 'program', targetName: null, changes: { shortName: 'AL' }, runId: null, unreadable: 'bad version 9',
    };
    const details = csvRow(node, { t, localeTag: 'en', zone: 'UTC' })[7];
    expect(details).toBe('Unreadable: the platform could not read this event (bad version 9); its data is shown as stored; Short name: AL');
  });
});
