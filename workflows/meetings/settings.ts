/**
 * The meeting settings of a series' ecosystem and program (plan.ts), read from their streams
 * through the command bus: current, not a read model that may lag behind an admin who just turned
 * Zoom off. An archived ecosystem or program keeps its settings; one that does not exist (or a
 * deleted program) has every provider off, so its series get the built-in room.
 */
import type { CommandBus } from '../../infra/commandbus';
import { ecosystemAggregate, type EcosystemState } from '../../domain/ecosystem/state';
import { programAggregate, type ProgramState } from '../../domain/program/state';
import type { MeetingSettings } from '../../infra/meetings/plan';

export type SettingsOnly = Omit<MeetingSettings, 'credentials'>;

const OFF: SettingsOnly = {
  ecosystem: { zoomEnabled: false, lessonspace: { enabled: false, recordingEnabled: false } },
  program: { zoomEnabled: false, lessonspace: { recordingEnabled: false, autoStartRecording: false }, disableProgramRecordings: true },
};

export function meetingSettingsOf(ecosystem: EcosystemState, program: ProgramState): SettingsOnly {
  if (ecosystem.status === 'none' || !('details' in program)) return OFF;
  const e = ecosystem.details;
  const p = program.details;
  return {
    ecosystem: { zoomEnabled: e.sessionSettings.zoomEnabled, lessonspace: { enabled: e.lessonspace.enabled, recordingEnabled: e.lessonspace.recordingEnabled } },
    program: {
      zoomEnabled: p.sessions.zoomEnabled,
      lessonspace: { recordingEnabled: p.lessonspace.recordingEnabled, autoStartRecording: p.lessonspace.autoStartRecording },
      disableProgramRecordings: p.disableProgramRecordings,
    },
  };
}

export function meetingSettingsReader(bus: Pick<CommandBus, 'load'>): (ecosystemId: string, programId: string) => Promise<SettingsOnly> {
  return async (ecosystemId, programId) => {
    const [ecosystem, program] = await Promise.all([bus.load(ecosystemAggregate, ecosystemId), bus.load(programAggregate, programId)]);
    // A program of another ecosystem never lends its settings (a snapshot is only as good as its ids).
    if ('ecosystemId' in program && program.ecosystemId !== ecosystemId) return OFF;
    return meetingSettingsOf(ecosystem, program);
  };
}
