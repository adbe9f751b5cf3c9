import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyedTurns } from './turns';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedTurns', () => {
  it('gives the turns of one key in arrival order, one at a time, whatever the order they leave in', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 8 }), async (n) => {
      const turns = new KeyedTurns();
      const started: number[] = [];
      let holding = 0;
      let most = 0;
      await Promise.all(Array.from({ length: n }, async (_, i) => {
        const turn = await turns.enter('k');
        started.push(i);
        most = Math.max(most, ++holding);
        await tick();
        holding--;
        turn.leave();
      }));
      expect(started).toEqual(Array.from({ length: n }, (_, i) => i));
      expect(most).toBe(1);
      expect(turns.waitingKeys).toBe(0);
    }));
  });

  it('does not make one key wait for another', async () => {
    const turns = new KeyedTurns();
    const a = await turns.enter('a');
    const b = await turns.enter('b');
    a.leave();
    b.leave();
    expect(turns.waitingKeys).toBe(0);
  });

  it('wakes a pausing holder when an attempt finishes, long before its pause ends', async () => {
    const turns = new KeyedTurns();
    const turn = await turns.enter('k');
    let woke = false;
    const paused = turn.pause(60_000).then(() => { woke = true; });
    await tick();
    expect(woke).toBe(false);
    turns.wakeAll();
    await paused;
    expect(woke).toBe(true);
    turn.leave();
  });

  it('ignores a second leave, which would otherwise pass over the next waiter', async () => {
    const turns = new KeyedTurns();
    const first = await turns.enter('k');
    const order: string[] = [];
    const second = turns.enter('k').then((t) => { order.push('second'); return t; });
    const third = turns.enter('k').then((t) => { order.push('third'); return t; });
    first.leave();
    first.leave();
    const secondTurn = await second;
    await tick();
    expect(order).toEqual(['second']);
    secondTurn.leave();
    (await third).leave();
    expect(order).toEqual(['second', 'third']);
  });
});
