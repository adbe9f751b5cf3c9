/** Who books as an admin, and what a booking with conflicts becomes (decision 0057). */
import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../../domain/shared/errors';
import type { Viewer } from '../context';
import { booksAsAdmin, bookingOutcome, forceBookAllowed } from './conflicts';

const E1 = '11111111-1111-4111-8111-111111111111';
const E2 = '22222222-2222-4222-8222-222222222222';
const P1 = '33333333-3333-4333-8333-333333333333';
const P2 = '44444444-4444-4444-8444-444444444444';

function viewer(roles: Viewer['roles'], platformAdmin = false): Viewer {
  return { userId: 'aaaaaaaa-0000-4000-8000-000000000001', email: 'a@example.com', platformAdmin, roles };
}

describe('booksAsAdmin', () => {
  it('is true for platform admins, the ecosystem SUPER_ADMIN and the program PROGRAM_ADMIN only', () => {
    expect(booksAsAdmin(viewer([], true), E1, P1)).toBe(true);
    expect(booksAsAdmin(viewer([{ ecosystemId: E1, role: 'SUPER_ADMIN', programId: null }]), E1, P1)).toBe(true);
    expect(booksAsAdmin(viewer([{ ecosystemId: E1, role: 'PROGRAM_ADMIN', programId: P1 }]), E1, P1)).toBe(true);
    expect(booksAsAdmin(viewer([{ ecosystemId: E1, role: 'PROGRAM_ADMIN', programId: P2 }]), E1, P1)).toBe(false);
    expect(booksAsAdmin(viewer([{ ecosystemId: E2, role: 'SUPER_ADMIN', programId: null }]), E1, P1)).toBe(false);
    expect(booksAsAdmin(viewer([{ ecosystemId: E1, role: 'LEADER', programId: P1 }]), E1, P1)).toBe(false);
    expect(booksAsAdmin(null, E1, P1)).toBe(false);
  });
});

describe('force-book', () => {
  const booking = { ecosystemId: E1, programId: P1 };
  it('lets an admin force and refuses anyone else who asks', () => {
    expect(forceBookAllowed({ viewer: viewer([{ ecosystemId: E1, role: 'SUPER_ADMIN', programId: null }]) }, booking, true)).toBe(true);
    expect(() => forceBookAllowed({ viewer: viewer([{ ecosystemId: E1, role: 'LEADER', programId: P1 }]) }, booking, true)).toThrow(ForbiddenError);
    expect(forceBookAllowed({ viewer: viewer([{ ecosystemId: E1, role: 'LEADER', programId: P1 }]) }, booking, false)).toBe(false);
    expect(forceBookAllowed({ viewer: null }, booking, null)).toBe(false);
  });

  it('books without conflicts, books forced ones as such, and otherwise books nothing', () => {
    expect(bookingOutcome([], false)).toEqual({ book: true, forceBooked: false });
    expect(bookingOutcome([], true)).toEqual({ book: true, forceBooked: false });
    expect(bookingOutcome([{}], true)).toEqual({ book: true, forceBooked: true });
    expect(bookingOutcome([{}], false)).toEqual({ book: false });
  });
});
