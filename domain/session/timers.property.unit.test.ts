/**
 * The reminder rule (decision 0074) against an independent model, over offsets, start times on
 * both sides of daylight-saving changes, tick cadences and phases, and outages: each reminder goes
 * at most once (its key), never at or after the start, never later than the catch-up window after
 * its fire time; with ticks every c minutes and no outage it goes exactly once, at the first tick
 * at or after its fire time; after an outage only the latest reminder due goes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wallTimeToInstant } from './recurrence';
import { dueReminderOffset, REMINDER_CATCH_UP_MINUTES, reminderFireAt, reminderKey } from './timers';

const MINUTE = 60_000;
const ZONES = ['America/New_York', 'Europe/Madrid', 'Australia/Sydney', 'Asia/Kolkata'] as const;
/** Local dates around the 2027 changes of those zones. */
const DATES = ['2027-03-13', '2027-03-14', '2027-03-15', '2027-03-27', '2027-03-28', '2027-03-29', '2027-04-03', '2027-04-04', '2027-10-30', '2027-10-31', '2027-11-06', '2027-11-07', '2027-11-08'];

const startArb = fc.record({
  zone: fc.constantFrom(...ZONES),
  date: fc.constantFrom(...DATES),
  hour: fc.integer({ min: 0, max: 23 }),
  minute: fc.constantFrom(0, 15, 30, 45),
}).map(({ zone, date, hour, minute }) => new Date(wallTimeToInstant(date, `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`, zone)));

/** Ticks every `cadence` minutes from well before the first fire until after the start, less the outages. */
function ticks(start: Date, offsets: number[], cadence: number, phase: number, outages: Array<[number, number]>): Date[] {
  const first = start.getTime() - (Math.max(...offsets) + 180) * MINUTE + phase * MINUTE;
  const out: Date[] = [];
  for (let t = first; t <= start.getTime() + 120 * MINUTE; t += cadence * MINUTE) {
    const rel = (t - first) / MINUTE;
    if (!outages.some(([a, len]) => rel >= a && rel < a + len)) out.push(new Date(t));
  }
  return out;
}

/** What the tick sends: each due reminder once by its key. */
function simulate(start: Date, offsets: number[], at: Date[]): Map<number, Date> {
  const keys = new Set<string>();
  const sent = new Map<number, Date>();
  for (const now of at) {
    const offset = dueReminderOffset(start, now, offsets);
    if (offset === null) continue;
    const key = reminderKey('occurrence', start, offset, 'person', 'EMAIL');
    if (keys.has(key)) continue;
    keys.add(key);
    sent.set(offset, now);
  }
  return sent;
}

/** The model: an offset goes at the first live tick at or after its fire time, if before the start, within the window, and no smaller offset's fire time has passed by then. */
function model(start: Date, offsets: number[], at: Date[]): Map<number, Date> {
  const out = new Map<number, Date>();
  for (const o of offsets) {
    const fire = start.getTime() - o * MINUTE;
    const first = at.find((t) => t.getTime() >= fire);
    if (!first || first.getTime() >= start.getTime() || first.getTime() - fire > REMINDER_CATCH_UP_MINUTES * MINUTE) continue;
    if (offsets.some((p) => p < o && start.getTime() - p * MINUTE <= first.getTime())) continue;
    out.set(o, first);
  }
  return out;
}

const offsetsArb = fc.uniqueArray(fc.integer({ min: 5, max: 3 * 24 * 60 }), { minLength: 1, maxLength: 4 });

describe('session reminders (property)', () => {
  it('go as the model says, at most once each, never at or after the start nor after the window, whatever the outages', () => {
    fc.assert(fc.property(
      startArb, offsetsArb, fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 59 }),
      fc.array(fc.tuple(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 600 })), { maxLength: 3 }),
      (start, offsets, cadence, phase, outages) => {
        const at = ticks(start, offsets, cadence, phase % cadence, outages);
        const sent = simulate(start, offsets, at);
        expect(sent).toEqual(model(start, offsets, at));
        for (const [offset, when] of sent) {
          expect(when.getTime()).toBeLessThan(start.getTime());
          expect(when.getTime()).toBeGreaterThanOrEqual(reminderFireAt(start, offset).getTime());
          expect(when.getTime() - reminderFireAt(start, offset).getTime()).toBeLessThanOrEqual(REMINDER_CATCH_UP_MINUTES * MINUTE);
        }
        // Larger offsets go first.
        const order = [...sent.entries()].sort((a, b) => a[1].getTime() - b[1].getTime()).map(([o]) => o);
        expect(order).toEqual([...order].sort((a, b) => b - a));
      },
    ), { numRuns: 300 });
  });

  it('with ticks every c minutes and no outage, each reminder goes exactly once, at the first tick at or after its fire time', () => {
    fc.assert(fc.property(
      startArb, fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 59 }), fc.uniqueArray(fc.integer({ min: 1, max: 48 }), { minLength: 1, maxLength: 4 }),
      (start, cadence, phase, steps) => {
        // Offsets further apart than a tick, each longer than a tick: the ticks meet every one of them.
        const offsets = steps.map((s) => cadence + s * (cadence + 1)).sort((a, b) => b - a);
        const at = ticks(start, offsets, cadence, phase % cadence, []);
        const sent = simulate(start, offsets, at);
        expect([...sent.keys()].sort((a, b) => b - a)).toEqual(offsets);
        for (const o of offsets) {
          const fire = reminderFireAt(start, o).getTime();
          expect(sent.get(o)?.getTime()).toBe(at.find((t) => t.getTime() >= fire)?.getTime());
        }
      },
    ), { numRuns: 300 });
  });

  it('24 hours before is 24 hours of elapsed time, across a clock change (the local hour moves)', () => {
    // 16:00 in New York on Sunday 14 March 2027 (EDT, the clocks went forward at 02:00) is 20:00 UTC; 24 hours earlier is 15:00 EST on Saturday.
    const start = new Date(wallTimeToInstant('2027-03-14', '16:00', 'America/New_York'));
    expect(reminderFireAt(start, 1440).toISOString()).toBe('2027-03-13T20:00:00.000Z');
    expect(dueReminderOffset(start, new Date('2027-03-13T19:59:00Z'), [1440, 60])).toBeNull();
    expect(dueReminderOffset(start, new Date('2027-03-13T20:00:00Z'), [1440, 60])).toBe(1440);
    expect(dueReminderOffset(start, new Date('2027-03-14T19:00:00Z'), [1440, 60])).toBe(60);
    expect(dueReminderOffset(start, new Date('2027-03-14T20:00:00Z'), [1440, 60])).toBeNull();
  });
});
