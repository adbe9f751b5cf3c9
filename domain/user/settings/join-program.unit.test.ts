/** Joining a program (docs/decisions/0050), given / when / then. */
import { describe, it } from 'vitest';
import { IllegalStateError } from '../../shared/errors';
import type { UserEvent } from '../events';
import { given } from '../given';
import { joinProgram } from './join-program';

const userId = '5b0c5a52-3b8a-4d6e-9d39-0a1f1f6c2a01';
const ecosystemId = '7d3e1c0a-2f4b-4a8e-8c1d-3e5f7a9b1c02';
const otherEcosystem = '8e4f2d1b-3a5c-4b9f-9d2e-4f6a8b0c2d03';
const programId = '9f5a3e2c-4b6d-4c0a-8e3f-5a7b9c1d3e04';
const leading = 'a06b4f3d-5c7e-4d1b-9f4a-6b8c0d2e4f05';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, email: 'sam@example.com', firstName: 'Sam', lastName: 'Student', preferredName: null, passwordHash: HASH, platformAdmin: false },
};
type Grant = { role: 'STUDENT' | 'TEACHER' | 'LEADER' | 'PUPIL' | 'PARENT'; ecosystemId?: string; programId?: string | null; status?: 'ACTIVATED' | 'ARCHIVED' | 'INVITED' | 'ACTIVE' };
const granted = ({ role, ecosystemId: e = ecosystemId, programId: p = null, status = 'ACTIVATED' }: Grant): UserEvent =>
  ({ type: 'EcosystemRoleGranted', data: { userId, ecosystemId: e, role, programId: p, status } });
const join = { userId, ecosystemId, programId };
const joined = (role: 'LEADER' | 'PUPIL'): UserEvent => ({ type: 'EcosystemRoleGranted', data: { userId, ecosystemId, role, programId, status: 'ACTIVE' } });

describe('JoinProgram', () => {
  it('makes a student or parent of the ecosystem a learner of the program, in force at once', () => {
    given(joinProgram, [registered, granted({ role: 'STUDENT' })]).when(join).then([joined('PUPIL')]);
    given(joinProgram, [registered, granted({ role: 'PARENT' })]).when(join).then([joined('PUPIL')]);
  });

  it('makes someone who leads another program of the ecosystem a leader', () => {
    given(joinProgram, [registered, granted({ role: 'STUDENT' }), granted({ role: 'LEADER', programId: leading, status: 'ACTIVE' })]).when(join)
      .then([joined('LEADER')]);
  });

  it('refuses someone without a role in force in the ecosystem (invited, archived, or elsewhere)', () => {
    for (const grant of [granted({ role: 'STUDENT', status: 'INVITED' }), granted({ role: 'STUDENT', status: 'ARCHIVED' }), granted({ role: 'STUDENT', ecosystemId: otherEcosystem })]) {
      given(joinProgram, [registered, grant]).when(join).thenThrows(IllegalStateError, 'You can join the programs of an organisation you belong to.');
    }
  });

  it('refuses to join again, an archived role in the program included, and teachers who are added by an admin', () => {
    given(joinProgram, [registered, granted({ role: 'STUDENT' }), granted({ role: 'PUPIL', programId, status: 'ARCHIVED' })]).when(join)
      .thenThrows(IllegalStateError, 'You are already in this program');
    given(joinProgram, [registered, granted({ role: 'TEACHER' })]).when(join).thenThrows(IllegalStateError, 'Programs are joined by learners');
  });
});
