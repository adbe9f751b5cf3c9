/** Every role against every application operation, as one table (docs/decisions/0044). */
import { describe, expect, it } from 'vitest';
import type { RoleGrant } from '../events';
import { applicationPolicy, type ApplicationOperation } from './application';
import { principalOf, type Principal } from './principal';

const E1 = 'e1';
const grant = (role: RoleGrant['role'], ecosystemId = E1, programId: string | null = null, status: RoleGrant['status'] = programId ? 'ACTIVE' : 'ACTIVATED'): RoleGrant =>
  ({ ecosystemId, role, programId, status });
const OPS: ApplicationOperation[] = ['list', 'review', 'setBackgroundCheck', 'remind', 'editOwn'];
const target = { ecosystemId: E1, userId: 'applicant' };

const rows: Array<[string, Principal | null, string]> = [
  //                                                                                        list review bg remind editOwn
  ['platform admin', principalOf('pa', [], { platformAdmin: true }), 'YYYYN'],
  ['SUPER_ADMIN', principalOf('u', [grant('SUPER_ADMIN')]), 'YYYYN'],
  ['STAFF', principalOf('u', [grant('STAFF')]), 'NNNNN'],
  ['TEACHER', principalOf('u', [grant('TEACHER')]), 'NNNNN'],
  ['PARENT', principalOf('u', [grant('PARENT')]), 'NNNNN'],
  ['PROGRAM_ADMIN', principalOf('u', [grant('PROGRAM_ADMIN', E1, 'p1')]), 'NNNNN'],
  ['LEADER', principalOf('u', [grant('LEADER', E1, 'p1')]), 'NNNNN'],
  ['archived admin', principalOf('u', [grant('SUPER_ADMIN', E1, null, 'ARCHIVED')]), 'NNNNN'],
  ['admin of another ecosystem', principalOf('u', [grant('SUPER_ADMIN', 'e2')]), 'NNNNN'],
  ['the applicant (APPLIED)', principalOf('applicant', [grant('MEMBER', E1, null, 'APPLIED')]), 'NNNNY'],
  ['anonymous', null, 'NNNNN'],
];

describe('applicationPolicy', () => {
  it.each(rows)('%s', (_name, principal, expected) => {
    expect(OPS.map((op) => (applicationPolicy(principal, op, target) ? 'Y' : 'N')).join('')).toBe(expected);
  });
});
