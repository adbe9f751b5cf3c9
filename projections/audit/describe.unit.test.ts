import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../domain/shared/events';
import { describeEvent, genericSummary, redact, REDACTED, registerBreadcrumbDescriber, targetOf } from './describe';

const PROGRAM = '5b0c8a4e-8a43-4a4e-9d0e-4f2b6b1c1f11';

function recorded(type: string, data: unknown, streamId = `program-${PROGRAM}`): RecordedEvent {
  return {
    id: 'e7d7a1de-6f1d-4c1e-8f43-9a1a0d1f2b3c', type, data, streamId, revision: 0,
    position: { commit: 1n, prepare: 1n }, recordedAt: '2026-11-22T10:00:00.000Z',
    metadata: {
      ecosystemId: null, actor: { userId: 'u1', role: 'SUPER_ADMIN' }, commandId: 'c', correlationId: 'c', causationId: 'c',
      occurredAt: '2026-11-22T10:00:00.000Z', schemaVersion: 1,
    },
  };
}

describe('breadcrumb descriptions', () => {
  it('fall back to "<Type> on <category> <id>" with the event data as the changes', () => {
    const e = recorded('ProgramRenamed', { name: 'Algebra I' });
    expect(genericSummary(e)).toBe(`ProgramRenamed on program ${PROGRAM}`);
    expect(describeEvent(e)).toEqual({ summary: `ProgramRenamed on program ${PROGRAM}`, changes: { name: 'Algebra I' }, targetName: null, decodeError: null });
    expect(targetOf(recorded('X', {}, 'settings'))).toEqual({ type: 'settings', id: '' });
    expect(describeEvent(recorded('Counted', 3)).changes).toEqual({ value: 3 });
  });

  it('use a registered describer, as a sentence or with its own changes', () => {
    registerBreadcrumbDescriber('ProgramArchived', () => 'Archived the program');
    registerBreadcrumbDescriber('ProgramMoved', (e) => ({ summary: 'Moved the program', changes: { to: (e.data as { to: string }).to } }));
    expect(describeEvent(recorded('ProgramArchived', { reason: 'done' }))).toEqual({ summary: 'Archived the program', changes: { reason: 'done' }, targetName: null, decodeError: null });
    expect(describeEvent(recorded('ProgramMoved', { to: 'x', from: 'y' }))).toEqual({ summary: 'Moved the program', changes: { to: 'x' }, targetName: null, decodeError: null });
  });

  it('keep an unreadable event with its data as stored, the reason apart, and no describer run', () => {
    registerBreadcrumbDescriber('ProgramRetitled', () => { throw new Error('a describer must not see data it cannot trust'); });
    const e = { ...recorded('ProgramRetitled', { title: 7, secretToken: 's' }), decodeError: 'title: expected string' };
    expect(describeEvent(e)).toEqual({
      summary: `ProgramRetitled on program ${PROGRAM}`, changes: { title: 7, secretToken: REDACTED }, targetName: null, decodeError: 'title: expected string',
    });
  });

  it('refuse a second, different describer for one type', () => {
    const describer = () => 'one';
    registerBreadcrumbDescriber('UserInvited', describer);
    registerBreadcrumbDescriber('UserInvited', describer);
    expect(() => registerBreadcrumbDescriber('UserInvited', () => 'two')).toThrow(/already registered/);
  });

  it('redact credentials at any depth and leave look-alike words alone', () => {
    expect(redact({
      password: 'p', passwordHash: 'h', refresh_token: 't', apiKey: 'k', nested: [{ totpSecret: 's', footprint: 1 }],
      passage: 'keep', compassion: 'keep', sortKey: 'keep',
    })).toEqual({
      password: REDACTED, passwordHash: REDACTED, refresh_token: REDACTED, apiKey: REDACTED, nested: [{ totpSecret: REDACTED, footprint: 1 }],
      passage: 'keep', compassion: 'keep', sortKey: 'keep',
    });
    registerBreadcrumbDescriber('PasswordChanged', () => ({ summary: 'Changed the password', changes: { passwordHash: 'x' } }));
    expect(describeEvent(recorded('PasswordChanged', {})).changes).toEqual({ passwordHash: REDACTED });
  });

  it('redact as a plain copy-and-replace would, without changing its input (property)', () => {
    // The reference: the straightforward version redact replaced for speed (it copies everything).
    const SENSITIVE = ['password', 'refreshTokenHash', 'api_key', 'privateKey', 'otp', 'pin'];
    const reference = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(reference);
      if (v === null || typeof v !== 'object') return v;
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, SENSITIVE.includes(k) ? REDACTED : reference(x)]));
    };
    const key = fc.oneof(fc.constantFrom(...SENSITIVE, 'name', 'passage', 'sortKey', '__proto__', 'pinned'), fc.string({ maxLength: 6 }));
    const leaf = fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean(), fc.constant(null));
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('tree'), { maxLength: 3 }), fc.dictionary(key, tie('tree'), { maxKeys: 4 })),
    }));
    fc.assert(fc.property(tree, (value) => {
      const json = JSON.parse(JSON.stringify(value)) as unknown;
      const before = JSON.stringify(json);
      expect(JSON.stringify(redact(json))).toBe(JSON.stringify(reference(json)));
      expect(JSON.stringify(json)).toBe(before);
    }));
  });
});
