/**
 * getMessageTemplatePreviews (decision 0076): every message kind in English and Spanish with its
 * sample parameters, as e-mail and text message, in an ecosystem's name and terms when one is
 * named; platform admins for any ecosystem or the platform, an ecosystem's admins for their own
 * only; an unknown kind is a clear input error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_KINDS } from '../../domain/message/kinds';
import { buildWorld, type World } from '../people/testing';
import { startTestApi, type TestApi } from '../../tests/setup/api';

let api: TestApi;
let w: World;

const PREVIEWS = `query($ecosystemId: ID, $kind: String) { getMessageTemplatePreviews(ecosystemId: $ecosystemId, kind: $kind) { kind language subject text html sms } }`;
type Preview = { kind: string; language: string; subject: string; text: string; html: string; sms: string };

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
});
afterAll(async () => {
  await api?.stop();
});

const previews = (token: string, variables: Record<string, unknown>, language = 'en') =>
  api.graphql<{ getMessageTemplatePreviews: Preview[] }>(PREVIEWS, variables, { token, headers: { 'accept-language': language } });

describe('getMessageTemplatePreviews', () => {
  it('renders every kind in both languages for a platform admin, in the platform\'s name without an ecosystem', async () => {
    const res = await previews(w.tokens.platformAdmin, {});
    expect(res.errors).toBeUndefined();
    const all = res.data!.getMessageTemplatePreviews;
    expect(all.map((p) => `${p.kind}/${p.language}`)).toEqual(MESSAGE_KINDS.flatMap((k) => [`${k}/en`, `${k}/es`]));
    for (const p of all) {
      expect(p.subject.length).toBeGreaterThan(0);
      expect(p.sms.length).toBeGreaterThan(0);
      expect(p.html).toContain(`<html lang="${p.language}"`);
    }
    const weekly = all.find((p) => p.kind === 'WEEKLY_PARENT_REPORT' && p.language === 'es')!;
    expect(weekly.subject).toBe('Tutoring Platform: informe semanal (2027-03-08 – 2027-03-14)');
    expect(weekly.html).toContain('Asistió');
    // Sample names carry markup: it arrives as text.
    expect(weekly.html).toContain('Sam &lt;b&gt;Student&lt;/b&gt;');
  });

  it('uses the ecosystem\'s name and terms when one is named, for its own admins as for platform admins', async () => {
    for (const token of [w.tokens.platformAdmin, w.tokens.admin1]) {
      const res = await previews(token, { ecosystemId: w.e1, kind: 'INVITE' });
      expect(res.errors).toBeUndefined();
      const [en, es] = res.data!.getMessageTemplatePreviews;
      expect([en.language, es.language]).toEqual(['en', 'es']);
      expect(en.subject).toBe('You are invited to join Riverside Unified School District');
      expect(es.subject).toBe('Le invitan a unirse a Riverside Unified School District');
    }
  });

  it('refuses anyone else, another ecosystem\'s admins included, and an unknown kind', async () => {
    for (const [token, variables] of [[w.tokens.admin1, {}], [w.tokens.admin1, { ecosystemId: w.e2 }], [w.tokens.admin2, { ecosystemId: w.e1 }], [w.tokens.student, {}], [w.tokens.parent, { ecosystemId: w.e1 }]] as const) {
      const res = await previews(token, variables);
      expect(res.data).toBeNull();
      expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    const unknown = await previews(w.tokens.platformAdmin, { kind: 'NOPE' }, 'es');
    expect(unknown.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(unknown.errors)).toContain('No hay ningún tipo de mensaje con este nombre.');
  });
});
