import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { editEcosystem } from '../../domain/ecosystem/handlers';
import { editProgram } from '../../domain/program/handlers';
import { SYSTEM_ACTOR } from '../../api/auth/seed';
import { buildWorld, type World } from '../../api/people/testing';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { meetingSettingsReader } from './settings';

let api: TestApi;
let world: World;
beforeAll(async () => {
  api = await startTestApi();
  world = await buildWorld(api);
});
afterAll(async () => { await api?.stop(); });

const run = async (handler: Parameters<TestApi['platform']['services']['bus']['dispatch']>[0], input: unknown) =>
  api.platform.services.bus.dispatch(handler, input, { actor: SYSTEM_ACTOR, commandId: randomUUID(), now: new Date().toISOString() });

describe('meeting settings of a series', () => {
  it('follow the ecosystem and the program as they are now, with no read model in between', async () => {
    const read = meetingSettingsReader(api.platform.services.bus);
    expect(await read(world.e1, world.p1)).toEqual({
      ecosystem: { zoomEnabled: false, lessonspace: { enabled: true, recordingEnabled: false } },
      program: { zoomEnabled: false, lessonspace: { recordingEnabled: false, autoStartRecording: false }, disableProgramRecordings: false },
    });
    await run(editEcosystem, { ecosystemId: world.e1, changes: { sessionSettings: { zoomEnabled: true }, lessonspace: { recordingEnabled: true } } });
    await run(editProgram, { programId: world.p1, changes: { sessions: { zoomEnabled: true }, lessonspace: { recordingEnabled: true, autoStartRecording: true }, disableProgramRecordings: true } });
    expect(await read(world.e1, world.p1)).toEqual({
      ecosystem: { zoomEnabled: true, lessonspace: { enabled: true, recordingEnabled: true } },
      program: { zoomEnabled: true, lessonspace: { recordingEnabled: true, autoStartRecording: true }, disableProgramRecordings: true },
    });
  });

  it('turn every provider off for a program of another ecosystem or one that does not exist', async () => {
    const read = meetingSettingsReader(api.platform.services.bus);
    const off = await read(world.e2, world.p1);
    expect(off.ecosystem.zoomEnabled || off.ecosystem.lessonspace.enabled || off.program.zoomEnabled).toBe(false);
    expect(await read(world.e1, randomUUID())).toEqual(off);
  });
});
