import { describe, expect, it } from 'vitest';
import { EMPTY_PROFILE } from '../../domain/user/profile/fields';
import { peopleFieldResolvers } from './fields';

describe('the Profile fields of the people model', () => {
  it('resolve every stored profile field, each behind a read level', () => {
    const stored = Object.keys(EMPTY_PROFILE).filter((k) => k !== 'preferredName').sort();
    const resolved = Object.keys(peopleFieldResolvers.Profile ?? {});
    expect(stored.filter((k) => !resolved.includes(k))).toEqual([]);
  });
});
