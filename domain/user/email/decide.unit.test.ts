import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IllegalStateError } from '../../shared/errors';
import { given } from '../given';
import { releaseUserEmail, reserveUserEmail } from '../handlers';
import type { UserEmailEvent } from './events';

const userId = '5b0c5a52-3b8a-4d6e-9d39-0a1f1f6c2a01';
const otherUserId = '6c1d6b63-4c9b-4e7f-8e4a-1b2a2a7d3b02';
const reserved: UserEmailEvent = { type: 'UserEmailReserved', data: { email: 'ada@example.com', userId } };

describe('UserEmail: free', () => {
  it('ReserveUserEmail reserves the normalised address for the user', () => {
    given(reserveUserEmail, []).when({ email: ' ADA@example.com', userId }).then([reserved]);
  });

  it('the stream id is the sha256 of the normalised address, the same for any spelling', () => {
    const expected = createHash('sha256').update('ada@example.com').digest('hex');
    expect(reserveUserEmail.aggregateId(reserveUserEmail.input.parse({ email: 'Ada@Example.com ', userId }))).toBe(expected);
  });
});

describe('UserEmail: reserved', () => {
  it('ReserveUserEmail by another user fails as taken', () => {
    given(reserveUserEmail, [reserved]).when({ email: 'ada@example.com', userId: otherUserId })
      .thenThrows(IllegalStateError, 'An account with this email already exists.');
  });

  it('ReserveUserEmail by the same user again (a retried registration) changes nothing', () => {
    given(reserveUserEmail, [reserved]).when({ email: 'ada@example.com', userId }).then([]);
  });
});

describe('UserEmail: released (decision 0049)', () => {
  const released: UserEmailEvent = { type: 'UserEmailReleased', data: { email: 'ada@example.com', userId } };

  it('ReleaseUserEmail frees the address for its holder only; another user\'s release or a free address records nothing', () => {
    given(releaseUserEmail, [reserved]).when({ email: 'ada@example.com', userId }).then([released]);
    given(releaseUserEmail, [reserved]).when({ email: 'ada@example.com', userId: otherUserId }).then([]);
    given(releaseUserEmail, []).when({ email: 'ada@example.com', userId }).then([]);
  });

  it('a freed address can be reserved by someone else', () => {
    given(reserveUserEmail, [reserved, released]).when({ email: 'ada@example.com', userId: otherUserId })
      .then([{ type: 'UserEmailReserved', data: { email: 'ada@example.com', userId: otherUserId } }]);
  });
});
