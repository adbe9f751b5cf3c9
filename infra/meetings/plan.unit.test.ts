import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MEETING_SOLUTIONS } from '../../domain/session/model';
import { CREDENTIAL_PROVIDERS } from './credentials';
import { roomPlan, type MeetingSettings } from './plan';

const settings = fc.record({
  ecosystem: fc.record({ zoomEnabled: fc.boolean(), lessonspace: fc.record({ enabled: fc.boolean(), recordingEnabled: fc.boolean() }) }),
  program: fc.record({
    zoomEnabled: fc.boolean(),
    lessonspace: fc.record({ recordingEnabled: fc.boolean(), autoStartRecording: fc.boolean() }),
    disableProgramRecordings: fc.boolean(),
  }),
  credentials: fc.subarray([...CREDENTIAL_PROVIDERS]).map((xs) => new Set(xs)),
}) satisfies fc.Arbitrary<MeetingSettings>;

describe('roomPlan', () => {
  it('matches the rules of decision 0058 for every combination of settings', () => {
    fc.assert(fc.property(fc.constantFrom(...MEETING_SOLUTIONS), settings, (solution, s) => {
      const plan = roomPlan(solution, s);
      if (solution === 'IN_PERSON' || solution === 'CUSTOM_URL') {
        expect(plan).toBeNull();
        return;
      }
      const zoomOn = s.ecosystem.zoomEnabled && s.program.zoomEnabled && s.credentials.has('ZOOM');
      const lessonspaceOn = s.ecosystem.lessonspace.enabled && s.credentials.has('LESSONSPACE');
      const provider = solution === 'ZOOM' ? (zoomOn ? 'ZOOM' : 'BUILT_IN') : (lessonspaceOn ? 'LESSONSPACE' : 'BUILT_IN');
      expect(plan?.provider).toBe(provider);
      const mayRecord = provider === 'LESSONSPACE' && s.ecosystem.lessonspace.recordingEnabled && s.program.lessonspace.recordingEnabled
        && !s.program.disableProgramRecordings;
      expect(plan?.recording).toBe(!mayRecord ? 'OFF' : s.program.lessonspace.autoStartRecording ? 'AUTOMATIC' : 'ALLOWED');
    }));
  });

  it('never records when the program disabled its recordings', () => {
    fc.assert(fc.property(settings, (s) => {
      expect(roomPlan('LESSONSPACE', { ...s, program: { ...s.program, disableProgramRecordings: true } })?.recording).toBe('OFF');
    }));
  });
});
