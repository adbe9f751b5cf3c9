/**
 * What an admin action does to one session (decisions 0060, 0064): which rows change, the one
 * command each sends, and that acting twice sends nothing the second time (the rule a repeated,
 * retried or resumed job relies on), for any properties and changes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SessionSummaryRow } from '../../projections/sessions/admin-queries';
import { actOnSession, changes, mergedProperties, type RowSend, type SessionAction, type SessionProperty } from './act';

function row(over: Partial<SessionSummaryRow> = {}): SessionSummaryRow {
  return {
    id: '5e55a000-0000-4000-8000-000000000001', ecosystemId: 'e', programId: 'p', programName: null, seriesId: '5e55a000-0000-4000-8000-0000000000aa',
    segmentId: 's', recurring: false, sessionType: 'ONE_ON_ONE', subject: 'Algebra', date: '2026-12-01', startTime: '10:00', timeZoneId: 'UTC',
    durationMinutes: 60, startAt: new Date('2026-12-01T10:00:00Z'), endAt: new Date('2026-12-01T11:00:00Z'), cancelled: false, cancelReason: null,
    pending: false, numLeaders: 1, numLearners: 1, numAttendees: 0, customProperties: [], lastModified: new Date(), sortKey: [], ...over,
  };
}

/** Records what would be sent, by command type. */
function recorder(): { send: RowSend; sent: Array<{ type: string; input: unknown }> } {
  const sent: Array<{ type: string; input: unknown }> = [];
  return { sent, send: async (handler, input) => { sent.push({ type: handler.type, input }); } };
}

describe('actOnSession', () => {
  it('cancels, restores and approves one occurrence (scope SINGLE), and leaves a session already so alone', async () => {
    const cases: Array<[SessionAction, Partial<SessionSummaryRow>, string | null]> = [
      [{ kind: 'cancel', reason: 'Closed' }, {}, 'CancelSession'],
      [{ kind: 'cancel', reason: null }, { cancelled: true }, null],
      [{ kind: 'restore' }, { cancelled: true }, 'RestoreSession'],
      [{ kind: 'restore' }, {}, null],
      [{ kind: 'approve' }, { pending: true }, 'SetSessionsPending'],
      [{ kind: 'approve' }, { pending: true, cancelled: true }, null],
      [{ kind: 'properties', changes: [{ key: 'room', value: 'B12' }] }, { cancelled: true }, null],
    ];
    for (const [action, over, type] of cases) {
      const { send, sent } = recorder();
      expect(await actOnSession(send, action, row(over))).toBe(type !== null);
      expect(sent.map((s) => s.type)).toEqual(type ? [type] : []);
      if (type) expect(sent[0].input).toMatchObject({ seriesId: row().seriesId, occurrenceId: row().id, scope: 'SINGLE' });
    }
  });

  it('sets a property through one SINGLE edit of the occurrence\'s properties, the others kept', async () => {
    const { send, sent } = recorder();
    await actOnSession(send, { kind: 'properties', changes: [{ key: 'room', value: 'B12' }] }, row({ customProperties: [{ key: 'level', value: 'a' }] }));
    expect(sent).toEqual([{ type: 'EditSession', input: expect.objectContaining({
      scope: 'SINGLE', actorIsAdmin: true, changes: { details: { customProperties: [{ key: 'level', value: 'a' }, { key: 'room', value: 'B12' }] } },
    }) }]);
  });

  it('changes nothing the second time, for any properties and changes', () => {
    const key = fc.constantFrom('room', 'level', 'seats');
    const property = fc.record({ key, value: fc.string({ maxLength: 3 }) });
    const current = fc.uniqueArray(property, { selector: (p) => p.key });
    const change = fc.uniqueArray(fc.record({ key, value: fc.option(fc.string({ maxLength: 3 }), { nil: null }) }), { selector: (c) => c.key, minLength: 1 });
    fc.assert(fc.property(current, change, (props: SessionProperty[], cs) => {
      const action: SessionAction = { kind: 'properties', changes: cs };
      const after = mergedProperties(props, cs);
      expect(changes(action, row({ customProperties: after }))).toBe(false);
      for (const c of cs) expect(after.find((p) => p.key === c.key)?.value ?? null).toBe(c.value);
      expect(after.filter((p) => !cs.some((c) => c.key === p.key))).toEqual(props.filter((p) => !cs.some((c) => c.key === p.key)));
    }));
  });
});
