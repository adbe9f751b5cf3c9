/**
 * The same refused requests answered in the language the client asks for (Accept-Language), over
 * HTTP against the real platform and database, with nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';

let api: TestApi;
let token: string;

const CREATE = `mutation($input: EcosystemInput!) { createEcosystem(ecosystemInput: $input) { id } }`;
const ARCHIVE = `mutation($id: ID!) { archiveEcosystem(ecosystemId: $id) { id } }`;
const ECOSYSTEM = `query($id: ID!) { getEcosystemById(ecosystemId: $id) { id } }`;

const badInput = {
  name: '  ', shortName: 'A short name far too long', organizationType: 'PUBLIC_DISTRICT',
  sessionSettings: { sessionDurations: [10] },
};

beforeAll(async () => {
  api = await startTestApi();
  token = await api.loginAs('platformAdmin');
});
afterAll(async () => { await api.stop(); });

const ask = (query: string, variables: Record<string, unknown>, language?: string) =>
  api.graphql(query, variables, { token, headers: language ? { 'accept-language': language } : {} });

const fieldsOf = (res: Awaited<ReturnType<typeof ask>>) =>
  Object.fromEntries((res.errors?.[0]?.extensions?.fields ?? []).map((f) => [f.field, f.message]));

describe('errors in the reader\'s language', () => {
  it('answers the same bad mutation in English and in Spanish, field by field, writing nothing', async () => {
    const before = await api.eventCount();
    const english = await ask(CREATE, { input: badInput }, 'en');
    const spanish = await ask(CREATE, { input: badInput }, 'es');
    expect(english.errors?.[0]).toMatchObject({ message: 'Please check the highlighted fields.', extensions: { code: 'BAD_USER_INPUT' } });
    expect(fieldsOf(english)).toEqual({
      'ecosystemInput.name': 'Name is required.',
      'ecosystemInput.shortName': 'Short name must be at most 20 characters.',
      'ecosystemInput.sessionSettings.sessionDurations.0': 'Sessions cannot be shorter than 15 minutes.',
    });
    expect(spanish.errors?.[0]).toMatchObject({ message: 'Revise los campos marcados.', extensions: { code: 'BAD_USER_INPUT' } });
    expect(fieldsOf(spanish)).toEqual({
      'ecosystemInput.name': 'El campo «Nombre» es obligatorio.',
      'ecosystemInput.shortName': 'El campo «Nombre corto» debe tener como máximo 20 caracteres.',
      'ecosystemInput.sessionSettings.sessionDurations.0': 'Las sesiones no pueden durar menos de 15 minutos.',
    });
    expect(await api.eventCount()).toBe(before);
  });

  it('accepts the spec\'s `sp` and weighted headers, and reads English without one', async () => {
    const demo = api.platform.demo!.ecosystemId;
    await ask(ARCHIVE, { id: demo });
    const spanish = await ask(ARCHIVE, { id: demo }, 'sp');
    expect(spanish.errors?.[0]).toMatchObject({ message: 'Este ecosistema ya está archivado.', extensions: { code: 'CONFLICT' } });
    const weighted = await ask(ARCHIVE, { id: demo }, 'fr-FR, es-MX;q=0.9, en;q=0.5');
    expect(weighted.errors?.[0]?.message).toBe('Este ecosistema ya está archivado.');
    const plain = await ask(ARCHIVE, { id: demo });
    expect(plain.errors?.[0]?.message).toBe('This ecosystem is already archived.');
    await ask(`mutation($id: ID!) { unArchiveEcosystem(ecosystemId: $id) { id } }`, { id: demo });
  });

  it('words malformed ids, bad dates and missing log-ins in the reader\'s language too', async () => {
    const badId = await ask(ECOSYSTEM, { id: 'not-an-id' }, 'es');
    expect(badId.errors?.[0]).toMatchObject({ message: 'Identificador del ecosistema: el identificador no es válido.', extensions: { code: 'BAD_USER_INPUT' } });
    const badDate = await ask(`mutation($id: ID!, $d: Date!) { createEcosystemDemoData(ecosystemId: $id, demoSessionsStartDate: $d) { id } }`,
      { id: api.platform.demo!.ecosystemId, d: '2026-02-31' }, 'es');
    expect(badDate.errors?.[0]).toMatchObject({ message: 'Escriba una fecha con el formato AAAA-MM-DD.', extensions: { code: 'BAD_USER_INPUT' } });
    const anonymous = await api.graphql(ARCHIVE, { id: api.platform.demo!.ecosystemId }, { headers: { 'accept-language': 'es' } });
    expect(anonymous.errors?.[0]).toMatchObject({ message: 'Vuelva a iniciar sesión.', extensions: { code: 'UNAUTHENTICATED' } });
    const login = await api.graphql(`mutation { loginPaas(email: "nobody@example.org", password: "wrong password") { token } }`, {}, { headers: { 'accept-language': 'es' } });
    expect(login.errors?.[0]).toMatchObject({ message: 'Correo electrónico o contraseña incorrectos.', extensions: { code: 'UNAUTHENTICATED' } });
  });
});
