import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROFILE_TYPES, type ProfileType } from '../ecosystem/groups/common';
import type { Principal } from '../shared/permissions';
import { canSeeRecording } from './recording-access';

const ecosystemId = '11111111-1111-4111-8111-111111111111';
const programId = '22222222-2222-4222-8222-222222222222';
const otherProgram = '33333333-3333-4333-8333-333333333333';
const session = { ecosystemId, programId };
const who = (roles: Principal['roles'], platformAdmin = false): Principal => ({ userId: 'u', platformAdmin, roles });
const tutor = who([{ ecosystemId, role: 'LEADER', programId }]);
const student = who([{ ecosystemId, role: 'STUDENT', programId: null }]);
const admin = who([{ ecosystemId, role: 'SUPER_ADMIN', programId: null }]);
const rules = (types: ProfileType[], disabled = false) => ({ sessionRecordingsProfileTypes: types, disableProgramRecordings: disabled });

describe('who sees a session\'s recording', () => {
  it('the profile types the program lists, and no one else', () => {
    expect(canSeeRecording(tutor, session, rules(['Tutor']))).toBe(true);
    expect(canSeeRecording(student, session, rules(['Tutor']))).toBe(false);
    expect(canSeeRecording(admin, session, rules(['Tutor']))).toBe(false);
    expect(canSeeRecording(admin, session, rules(['Admin', 'ProgramAdmin']))).toBe(true);
    expect(canSeeRecording(who([], true), session, rules(['PlatformAdmin']))).toBe(true);
    expect(canSeeRecording(who([], true), session, rules(['Admin']))).toBe(false);
  });

  it('a tutor of another program of the ecosystem is not a Tutor of this one', () => {
    expect(canSeeRecording(who([{ ecosystemId, role: 'LEADER', programId: otherProgram }]), session, rules(['Tutor']))).toBe(false);
  });

  it('no one at all while the program disables recordings, whatever the list', () => {
    fc.assert(fc.property(fc.subarray([...PROFILE_TYPES]), fc.boolean(), (types, platformAdmin) => {
      for (const p of [tutor, student, admin, who(admin.roles, platformAdmin)]) expect(canSeeRecording(p, session, rules(types, true))).toBe(false);
    }));
  });
});
