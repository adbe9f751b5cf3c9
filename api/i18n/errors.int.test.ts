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

  it('words what graphql-js and the HTTP layer refuse themselves: numbers, missing variables, bodies, queries', async () => {
    const page = `query($first: Int) { getAllEcosystemJobs(first: $first) { edges { cursor } } }`;
    const huge = await ask(page, { first: 99_999_999_999 }, 'es');
    expect(huge.errors?.[0]).toMatchObject({
      message: 'Valor de first: Aquí los números enteros deben estar entre -2147483648 y 2147483647.',
      extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'first', message: expect.stringContaining('números enteros') }] },
    });
    const fraction = await ask(page, { first: 1.5 }, 'es');
    expect(fraction.errors?.[0]?.message).toBe('Valor de first: Debe ser un número entero.');
    // 1e400 is valid JSON that parses to Infinity: the body is written by hand, JSON.stringify cannot.
    const infinite = await fetch(`${api.url}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'es', authorization: `Bearer ${token}` },
      body: `{"query": ${JSON.stringify(CREATE)}, "variables": {"input": {"name": "Far", "organizationType": "NON_PROFIT", "sessionSettings": {"attendanceGraceMinutes": 1e400}}}}`,
    }).then((res) => res.json() as Promise<{ errors: Array<{ message: string; extensions: { fields: Array<{ field: string }> } }> }>);
    expect(infinite.errors[0].message).toBe('Valor de input.sessionSettings.attendanceGraceMinutes: Debe ser un número entero.');
    expect(infinite.errors[0].extensions.fields[0].field).toBe('input.sessionSettings.attendanceGraceMinutes');
    const missing = await ask(ARCHIVE, {}, 'es');
    expect(missing.errors?.[0]).toMatchObject({ message: 'Se necesita un valor para id.', extensions: { code: 'BAD_USER_INPUT' } });
    const english = await ask(ARCHIVE, {}, 'en');
    expect(english.errors?.[0]?.message).toBe('A value for id is required.');

    const post = (body: string, headers: Record<string, string> = {}) => fetch(`${api.url}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'es', ...headers }, body,
    }).then(async (res) => ({ status: res.status, type: res.headers.get('content-type'), body: await res.json() as { errors: Array<{ message: string }> } }));
    const badJson = await post('{"query": ');
    expect(badJson).toMatchObject({ status: 400, body: { errors: [{ message: 'El cuerpo de esta solicitud no es un objeto JSON.' }] } });
    const noQuery = await post('{"variables": {}}');
    expect(noQuery.body.errors[0].message).toBe('Esta solicitud no tiene consulta.');
    const tooLarge = await post(JSON.stringify({ query: `{ featureFlags { name } }`, variables: { pad: 'x'.repeat(1_100_000) } }));
    expect(tooLarge).toMatchObject({ status: 413, body: { errors: [{ message: 'Esta solicitud es demasiado grande.' }] } });
    const stale = await post(JSON.stringify({ doc_id: 'not-a-known-id' }), { accept: 'application/graphql-response+json' });
    expect(stale).toMatchObject({ status: 400, body: { errors: [{ message: 'Esta página está desactualizada. Vuelva a cargarla.' }] } });
    expect(stale.type).toMatch(/^application\/graphql-response\+json/);
  });
});
