/** Every role against every application operation, as one table (docs/decisions/0044). */
import { describe, expect, it } from 'vitest';
import type { RoleGrant } from '../events';
import { applicationPolicy, type ApplicationOperation } from './application';
import { principalOf, type Principal } from './principal';

const E1 = 'e1';
const grant = (role: RoleGrant['role'], ecosystemId = E1, programId: string | null = null, status: RoleGrant['status'] = programId ? 'ACTIVE' : 'ACTIVATED'): RoleGrant =>
  ({ ecosystemId, role, programId, status });
const OPS: ApplicationOperation[] = ['list', 'review', 'setBackgroundCheck', 'remind', 'createLead', 'editOwn'];
const target = { ecosystemId: E1, userId: 'applicant' };

const rows: Array<[string, Principal | null, string]> = [
  //                                                                                        list review bg remind lead editOwn
  ['platform admin', principalOf('pa', [], { platformAdmin: true }), 'YYYYYN'],
  ['SUPER_ADMIN', principalOf('u', [grant('SUPER_ADMIN')]), 'YYYYYN'],
  ['STAFF', principalOf('u', [grant('STAFF')]), 'NNNNNN'],
  ['TEACHER', principalOf('u', [grant('TEACHER')]), 'NNNNNN'],
  ['PARENT', principalOf('u', [grant('PARENT')]), 'NNNNNN'],
  ['PROGRAM_ADMIN', principalOf('u', [grant('PROGRAM_ADMIN', E1, 'p1')]), 'NNNNNN'],
  ['LEADER', principalOf('u', [grant('LEADER', E1, 'p1')]), 'NNNNNN'],
  ['archived admin', principalOf('u', [grant('SUPER_ADMIN', E1, null, 'ARCHIVED')]), 'NNNNNN'],
  ['admin of another ecosystem', principalOf('u', [grant('SUPER_ADMIN', 'e2')]), 'NNNNNN'],
  ['the applicant (APPLIED)', principalOf('applicant', [grant('MEMBER', E1, null, 'APPLIED')]), 'NNNNNY'],
  ['anonymous', null, 'NNNNNN'],
];

describe('applicationPolicy', () => {
  it.each(rows)('%s', (_name, principal, expected) => {
    expect(OPS.map((op) => (applicationPolicy(principal, op, target) ? 'Y' : 'N')).join('')).toBe(expected);
  });
});
