/**
 * Role statuses (docs/decisions/0034): where a grant starts, which moves are allowed, the lock,
 * tutor and tutee mode, and the upcasting of version-1 grants. Every pair of statuses is tried.
 */
import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import { ForbiddenError, IllegalStateError, ValidationError } from '../shared/errors';
import { ECOSYSTEM_STATUSES, PROGRAM_ROLE_STATUSES, userUpcasters, type RoleStatus, type UserEvent } from './events';
import { given } from './given';
import { changeRoleStatus, grantEcosystemRole, lockUser, switchMode, unlockUser } from './handlers';
import { shownStatus } from './roles';
import { userAggregate, type RegisteredUser } from './state';

const userId = '5b0c5a52-3b8a-4d6e-9d39-0a1f1f6c2a01';
const ecosystemId = '7d3e1c0a-2f4b-4a8e-8c1d-3e5f7a9b1c02';
const programId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c03';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA';
const platformAdmin = { actor: { userId: 'a0000000-0000-4000-8000-000000000001', role: 'PLATFORM_ADMIN' as const } };

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', preferredName: null, passwordHash: HASH, platformAdmin: false },
};
const admin = { userId, ecosystemId, role: 'SUPER_ADMIN' as const, programId: null };
const leader = { userId, ecosystemId, role: 'LEADER' as const, programId };
const granted = (grant: typeof admin | typeof leader, status: RoleStatus): UserEvent => ({ type: 'EcosystemRoleGranted', data: { ...grant, status } });

const ECOSYSTEM_ALLOWED = ['INVITED>ACTIVATED', 'INVITED>ARCHIVED', 'APPLIED>ACTIVATED', 'APPLIED>ARCHIVED', 'ACTIVATED>ARCHIVED', 'ARCHIVED>ACTIVATED', 'ARCHIVED>INVITED'];
const PROGRAM_ALLOWED = ['INVITED>ACTIVE', 'INVITED>ARCHIVED', 'ACTIVE>ARCHIVED', 'ARCHIVED>ACTIVE', 'ARCHIVED>INVITED'];

describe('User roles: granting with a status', () => {
  it('GrantEcosystemRole without a status is in force: ACTIVATED, or ACTIVE for a program role', () => {
    given(grantEcosystemRole, [registered]).when(admin).then([granted(admin, 'ACTIVATED')]);
    given(grantEcosystemRole, [registered]).when(leader).then([granted(leader, 'ACTIVE')]);
  });

  it('GrantEcosystemRole records an invitation or an application as asked', () => {
    given(grantEcosystemRole, [registered]).when({ ...admin, status: 'INVITED' }).then([granted(admin, 'INVITED')]);
    given(grantEcosystemRole, [registered]).when({ ...admin, status: 'APPLIED' }).then([granted(admin, 'APPLIED')]);
    given(grantEcosystemRole, [registered]).when({ ...leader, status: 'INVITED' }).then([granted(leader, 'INVITED')]);
  });

  it('GrantEcosystemRole refuses a status of the other kind of role', () => {
    given(grantEcosystemRole, [registered]).when({ ...admin, status: 'ACTIVE' })
      .thenThrows(ValidationError, 'An ecosystem role\'s status is one of INVITED, APPLIED, ACTIVATED or ARCHIVED.');
    given(grantEcosystemRole, [registered]).when({ ...leader, status: 'APPLIED' })
      .thenThrows(ValidationError, 'A program role\'s status is one of INVITED, ACTIVE or ARCHIVED.');
  });
});

describe('User roles: changing status', () => {
  it('allows exactly the moves of the decision record, for ecosystem and program roles', () => {
    const cases: Array<[typeof admin | typeof leader, readonly RoleStatus[], string[]]> = [
      [admin, ECOSYSTEM_STATUSES, ECOSYSTEM_ALLOWED], [leader, PROGRAM_ROLE_STATUSES, PROGRAM_ALLOWED],
    ];
    for (const [grant, statuses, allowed] of cases) {
      for (const from of statuses) {
        for (const to of statuses) {
          const history = [registered, granted(grant, from)];
          if (from === to) given(changeRoleStatus, history).when({ ...grant, status: to }).then([]);
          else if (allowed.includes(`${from}>${to}`)) {
            given(changeRoleStatus, history).when({ ...grant, status: to }).then([{ type: 'EcosystemRoleStatusChanged', data: { ...grant, status: to } }]);
          } else given(changeRoleStatus, history).when({ ...grant, status: to }).thenThrows(IllegalStateError, `A role cannot go from ${from} to ${to}.`);
        }
      }
    }
  });

  it('refuses a role the person does not hold', () => {
    given(changeRoleStatus, [registered]).when({ ...admin, status: 'ARCHIVED' }).thenThrows(IllegalStateError, 'This user does not have that role.');
  });

  it('folds the new status into the state, so the role is no longer in force', () => {
    const state = fold(userAggregate, [registered, granted(admin, 'ACTIVATED'), { type: 'EcosystemRoleStatusChanged', data: { ...admin, status: 'ARCHIVED' } }]) as RegisteredUser;
    expect(state.roles).toEqual([{ ecosystemId, role: 'SUPER_ADMIN', programId: null, status: 'ARCHIVED' }]);
  });
});

describe('User roles: the global lock', () => {
  it('LockUser and UnlockUser are for platform admins, once each', () => {
    given(lockUser, [registered]).when({ userId }, { actor: { userId, role: 'SUPER_ADMIN' } }).thenThrows(ForbiddenError);
    given(lockUser, [registered]).when({ userId }, platformAdmin).then([{ type: 'UserLocked', data: { userId } }]);
    given(lockUser, [registered, { type: 'UserLocked', data: { userId } }]).when({ userId }, platformAdmin).thenThrows(IllegalStateError, 'This account is already locked.');
    given(unlockUser, [registered]).when({ userId }, platformAdmin).thenThrows(IllegalStateError, 'This account is not locked.');
  });

  it('shows GLOBAL_LOCK on ecosystem roles while locked; program roles keep their own status', () => {
    expect(shownStatus({ ecosystemId, role: 'STAFF', programId: null, status: 'ACTIVATED' }, true)).toBe('GLOBAL_LOCK');
    expect(shownStatus({ ecosystemId, role: 'LEADER', programId, status: 'ACTIVE' }, true)).toBe('ACTIVE');
    expect(shownStatus({ ecosystemId, role: 'STAFF', programId: null, status: 'INVITED' }, false)).toBe('INVITED');
  });
});

describe('User roles: tutor and tutee mode', () => {
  it('switches to tutor mode with a LEADER role in force, and not again', () => {
    const history = [registered, granted(leader, 'ACTIVE')];
    given(switchMode, history).when({ userId, mode: 'TUTOR' }).then([{ type: 'UserModeSwitched', data: { userId, mode: 'TUTOR' } }]);
    given(switchMode, [...history, { type: 'UserModeSwitched', data: { userId, mode: 'TUTOR' } }]).when({ userId, mode: 'TUTOR' }).then([]);
  });

  it('refuses a mode without a role of that side in force (an invited tutor, a learner asking for tutor mode, a locked account)', () => {
    given(switchMode, [registered, granted(leader, 'INVITED')]).when({ userId, mode: 'TUTOR' }).thenThrows(ValidationError);
    given(switchMode, [registered, granted(leader, 'ACTIVE')]).when({ userId, mode: 'TUTEE' }).thenThrows(ValidationError, 'Tutor mode needs a tutor role');
    given(switchMode, [registered, granted(leader, 'ACTIVE'), { type: 'UserLocked', data: { userId } }]).when({ userId, mode: 'TUTOR' }).thenThrows(ValidationError);
  });
});

describe('User roles: version-1 grants', () => {
  it('upcast to in force: ACTIVATED for an ecosystem role, ACTIVE for a program role', () => {
    const [upcaster] = userUpcasters;
    const metadata = { ecosystemId, actor: { userId, role: 'SYSTEM' as const }, commandId: 'c', correlationId: 'c', causationId: 'c', occurredAt: '2026-01-01T00:00:00Z', schemaVersion: 1 };
    expect(upcaster.upcast(admin, metadata)).toEqual({ ...admin, status: 'ACTIVATED' });
    expect(upcaster.upcast(leader, metadata)).toEqual({ ...leader, status: 'ACTIVE' });
  });
});
