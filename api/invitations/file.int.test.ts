import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { buildWorld, refusedUnchanged, type World } from '../people/testing';
import { codeOf } from '../tenants/testing';
import { LOOKUP, quiet, tokenMailedTo } from './testing';

const IMPORT = `mutation F($ecosystemId: ID!, $csv: String!) { inviteUsersFromFile(ecosystemId: $ecosystemId, csv: $csv) {
  rowCount rowErrors { row column message } invited { email role status programId } } }`;
type Result = { inviteUsersFromFile: { rowCount: number; rowErrors: Array<{ row: number; column: string | null; message: string }>; invited: Array<{ email: string; role: string }> } };

describe('inviting from a file', () => {
  let smtp: SmtpCapture;
  let api: TestApi;
  let world: World;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    api = await startTestApi({ SMTP_URL: smtp.url });
    world = await buildWorld(api);
  });
  afterAll(async () => {
    await api?.stop();
    await smtp?.close();
  });

  const upload = (token: string | null, csv: string, ecosystemId = world.e1, language = 'en') =>
    api.graphql<Result>(IMPORT, { ecosystemId, csv }, { token, headers: { 'accept-language': language } });

  it('imports nothing from a file with any bad row, and names every problem by row and column', async () => {
    const csv = [
      'email,firstName,lastName,role,program',
      'good.one@example.com,Good,One,STUDENT,',
      'sam.student@example.com,Sam,Again,STUDENT,',
      'good.one@example.com,Good,Twice,STUDENT,',
      'bad-email,No,Name,TEACHER,',
    ].join('\n');
    const before = await api.eventCount();
    const res = await upload(world.tokens.admin1, csv, world.e1, 'es');
    expect(res.errors).toBeUndefined();
    expect(res.data!.inviteUsersFromFile).toEqual({
      rowCount: 4, invited: [], rowErrors: [
        { row: 3, column: 'email', message: 'Esta persona ya es miembro de este ecosistema.' },
        { row: 4, column: 'email', message: 'Esta dirección de correo también está en la fila 2.' },
        { row: 5, column: 'email', message: expect.any(String) },
      ],
    });
    expect(await api.eventCount()).toBe(before);
  });

  it('invites every row of a clean file, each with its own e-mail and link', async () => {
    const csv = 'Email,First Name,Last Name,Role,Program,Language\nfile.a@example.com,Fay,Able,STUDENT,,es\nfile.b@example.com,Finn,Baker,LEADER,' + 'PROGRAM_NAME' + ',\n';
    const programs = await api.graphql<{ getProgramsByEcosystemId: { edges: Array<{ node: { name: string } }> } }>(
      'query($id: ID!) { getProgramsByEcosystemId(ecosystemId: $id) { edges { node { name } } } }', { id: world.e1 }, { token: world.tokens.admin1 });
    const programName = programs.data!.getProgramsByEcosystemId.edges[0].node.name;
    const res = await upload(world.tokens.admin1, csv.replace('PROGRAM_NAME', programName));
    expect(res.errors).toBeUndefined();
    expect(res.data!.inviteUsersFromFile.rowErrors).toEqual([]);
    expect(res.data!.inviteUsersFromFile.invited.map((i) => [i.email, i.role])).toEqual([['file.a@example.com', 'STUDENT'], ['file.b@example.com', 'LEADER']]);
    const a = await tokenMailedTo(smtp, 'file.a@example.com', 1);
    expect(a.mail.headers.get('content-language')).toBe('es');
    const b = await tokenMailedTo(smtp, 'file.b@example.com', 1);
    const shown = await api.graphql<{ getInvitedUserByToken: { role: string } | null }>(LOOKUP, { token: b.token });
    expect(shown.data!.getInvitedUserByToken?.role).toBe('LEADER');
    await quiet(api);
  });

  it('answers a repeated upload (same Idempotency-Key) from the log: the same invitations, each e-mail sent once', async () => {
    const csv = 'email,firstName,lastName,role\nagain.a@example.com,A,Again,STUDENT\nagain.b@example.com,B,Again,PARENT\n';
    const send = () => api.graphql<Result>(IMPORT, { ecosystemId: world.e1, csv }, { token: world.tokens.admin1, headers: { 'idempotency-key': 'file-twice-1' } });
    const first = await send();
    const again = await send();
    expect(again.errors, JSON.stringify(again.errors)).toBeUndefined();
    expect(again.data!.inviteUsersFromFile).toEqual(first.data!.inviteUsersFromFile);
    expect(first.data!.inviteUsersFromFile.invited).toHaveLength(2);
    await tokenMailedTo(smtp, 'again.b@example.com', 1);
    await quiet(api);
    expect(smtp.received.filter((m) => JSON.stringify(m.to ?? '').includes('again.'))).toHaveLength(2);
  });

  it('is refused to anyone who may invite no one here, and to another ecosystem\'s admin, writing nothing', async () => {
    const csv = 'email,firstName,lastName,role\nx1@example.com,X,One,STUDENT\n';
    for (const token of [world.tokens.admin2, world.tokens.student, world.tokens.parent]) await refusedUnchanged(api, () => upload(token, csv), 'FORBIDDEN');
    await refusedUnchanged(api, () => upload(null, csv), 'UNAUTHENTICATED');
    await refusedUnchanged(api, () => upload(world.tokens.admin1, csv, 'not-an-id'), 'BAD_USER_INPUT');
  });

  it('lets a program admin import their program\'s learners but not other roles', async () => {
    const csv = `email,firstName,lastName,role,program\npa.one@example.com,P,One,PUPIL,${world.p1}\npa.two@example.com,P,Two,STUDENT,\n`;
    const before = await api.eventCount();
    const res = await upload(world.tokens.programAdmin, csv);
    expect(res.data!.inviteUsersFromFile.rowErrors).toEqual([{ row: 3, column: 'role', message: 'You cannot invite people into this role.' }]);
    expect(await api.eventCount()).toBe(before);
    const ok = await upload(world.tokens.programAdmin, csv.split('\n').slice(0, 2).join('\n'));
    expect(ok.data!.inviteUsersFromFile.invited).toEqual([{ email: 'pa.one@example.com', role: 'PUPIL', status: 'PENDING', programId: expect.any(String) }]);
    expect(codeOf(ok)).toBeUndefined();
    await tokenMailedTo(smtp, 'pa.one@example.com', 1);
    await quiet(api);
  });

  it('answers a file it cannot read with the problems of row 1, writing nothing', async () => {
    for (const csv of ['', 'email,name\nx@y.org,X', `email,firstName,lastName,role\n${'a@b.org,A,B,STUDENT\n'.repeat(5001)}`]) {
      const before = await api.eventCount();
      const res = await upload(world.tokens.admin1, csv);
      expect(res.data!.inviteUsersFromFile.rowErrors.length).toBeGreaterThan(0);
      expect(res.data!.inviteUsersFromFile.rowErrors.every((e) => e.row === 1)).toBe(true);
      expect(await api.eventCount()).toBe(before);
    }
  });
});
