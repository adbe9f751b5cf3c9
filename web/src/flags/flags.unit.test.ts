import { describe, expect, it, vi } from 'vitest';
import { applyFlagEvent, flattenFlags, streamWithOwner } from './flags';

const flags = flattenFlags([
  { path: 'sessions', value: true, nested: [{ path: 'sessions.recurring', value: false, nested: [] }] },
  { path: 'inbox', value: false },
]);

describe('feature flags', () => {
  it('flattens nested flags by path', () => {
    expect([...flags]).toEqual([['sessions', true], ['sessions.recurring', false], ['inbox', false]]);
  });

  it('takes the value of a change event, nested flags included', () => {
    const next = applyFlagEvent(flags, 'sessions.recurring', JSON.stringify({ name: 'sessions.recurring', value: true }));
    expect(next.get('sessions.recurring')).toBe(true);
    expect(flags.get('sessions.recurring')).toBe(false);
  });

  it('flips the flag when the event carries no value', () => {
    expect(applyFlagEvent(flags, 'inbox', JSON.stringify({ name: 'inbox' })).get('inbox')).toBe(true);
  });

  it('logs and ignores a bad event body', () => {
    const log = vi.fn();
    expect(applyFlagEvent(flags, 'inbox', 'not json', log)).toBe(flags);
    expect(applyFlagEvent(flags, 'inbox', JSON.stringify({ name: 'other', value: true }), log)).toBe(flags);
    expect(applyFlagEvent(flags, 'inbox', JSON.stringify([1, 2]), log)).toBe(flags);
    expect(log).toHaveBeenCalledTimes(3);
  });
});

describe('the flag stream\'s address', () => {
  it('names a signed-in page\'s user with its access token, and nobody otherwise', () => {
    expect(streamWithOwner('/feature-flags', null)).toBe('/feature-flags');
    expect(streamWithOwner('/feature-flags', 'a.b+c/d=')).toBe('/feature-flags?access_token=a.b%2Bc%2Fd%3D');
    expect(streamWithOwner('/feature-flags?x=1', 'tok')).toBe('/feature-flags?x=1&access_token=tok');
  });
});
