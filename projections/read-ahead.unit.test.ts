import { describe, expect, it } from 'vitest';
import type { Position, RecordedEvent } from '../domain/shared/events';
import type { LogPage } from '../infra/eventstore/port';
import { ReadAhead } from './read-ahead';

const at = (n: number): Position => ({ commit: 1n, prepare: BigInt(n) });

/** A log of `size` events; each read is recorded, and answers from `log` as it is when the read runs. */
function fakeLog(size: number) {
  const reads: Array<{ after: number; limit: number }> = [];
  let failNext = false;
  let visible = size;
  const read = async (after: Position | null, limit: number): Promise<LogPage> => {
    const from = after ? Number(after.prepare) : 0;
    reads.push({ after: from, limit });
    await Promise.resolve();
    if (failNext) {
      failNext = false;
      throw new Error('connection lost');
    }
    const events = Array.from({ length: Math.max(0, Math.min(limit, visible - from)) }, (_, i) => ({ position: at(from + i + 1) }) as RecordedEvent);
    return { events, through: events.at(-1)?.position ?? after };
  };
  return { read, reads, failNextRead: () => { failNext = true; }, setVisible: (n: number) => { visible = n; } };
}

describe('ReadAhead', () => {
  it('hands out the page read ahead to the read it was meant for, without reading again', async () => {
    const log = fakeLog(10);
    const ahead = new ReadAhead(log.read);
    const first = await ahead.page(null, 4);
    ahead.start(first.through, 4);
    const second = await ahead.page(at(4), 4);
    expect(second.events.map((e) => Number(e.position.prepare))).toEqual([5, 6, 7, 8]);
    expect(log.reads).toEqual([{ after: 0, limit: 4 }, { after: 4, limit: 4 }]);
  });

  it('reads again for another position or limit, and after a failed read ahead (whose error the fresh read reports if it persists)', async () => {
    const log = fakeLog(10);
    const ahead = new ReadAhead(log.read);
    ahead.start(at(4), 4);
    expect((await ahead.page(at(2), 4)).events[0].position).toEqual(at(3));
    ahead.start(at(4), 4);
    expect((await ahead.page(at(4), 2)).events).toHaveLength(2);
    log.failNextRead();
    ahead.start(at(4), 4);
    expect((await ahead.page(at(4), 4)).events).toHaveLength(4);
    log.failNextRead();
    await expect(ahead.page(at(4), 4)).rejects.toThrow('connection lost');
  });

  it('never answers "nothing more" from a page read ahead: an empty one is read again', async () => {
    const log = fakeLog(4);
    const ahead = new ReadAhead(log.read);
    ahead.start(at(4), 4);
    await Promise.resolve();
    log.setVisible(6); // appended (or made visible) after the read ahead looked
    expect((await ahead.page(at(4), 4)).events.map((e) => Number(e.position.prepare))).toEqual([5, 6]);
    expect(log.reads).toHaveLength(2);
  });

  it('drop waits for a read in flight and forgets its page', async () => {
    const log = fakeLog(10);
    const ahead = new ReadAhead(log.read);
    ahead.start(at(0), 4);
    await ahead.drop();
    expect(log.reads).toHaveLength(1);
    await ahead.page(at(0), 4);
    expect(log.reads).toHaveLength(2);
  });
});
