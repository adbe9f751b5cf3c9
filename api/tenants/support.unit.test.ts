import { describe, expect, it } from 'vitest';
import { fieldLabels } from '../../domain/ecosystem/labels';
import { ForbiddenError, ValidationError } from '../../domain/shared/errors';
import { commonMessages, fieldMessages } from '../../domain/shared/messages';
import type { RequestContext } from '../context';
import { encodeCursor } from '../relay';
import { inOrder, migrationIds, namePage, requireReviewAppSecret, withFieldPrefix } from './support';

type SecretCtx = Pick<RequestContext, 'headers' | 'services'>;
const ctxWith = (expected: string | undefined, given: string | null) =>
  ({ headers: { reviewAppSecret: given }, services: { config: { REVIEW_APP_SECRET: expected } } }) as unknown as SecretCtx;

describe('review-app secret', () => {
  it('opens only with the configured secret, and never when none is configured', () => {
    expect(() => requireReviewAppSecret(ctxWith('s3cret-value', 's3cret-value'))).not.toThrow();
    expect(() => requireReviewAppSecret(ctxWith('s3cret-value', 's3cret-valuE'))).toThrow(ForbiddenError);
    expect(() => requireReviewAppSecret(ctxWith('s3cret-value', null))).toThrow(ForbiddenError);
    expect(() => requireReviewAppSecret(ctxWith(undefined, ''))).toThrow(ForbiddenError);
  });
});

describe('withFieldPrefix', () => {
  it('names validation messages after the argument and passes other errors through', async () => {
    const required = fieldMessages.required({ label: fieldLabels.name });
    const failing = () => Promise.reject(new ValidationError(required, { name: required, _: commonMessages.changesNotObject }));
    await expect(withFieldPrefix('ecosystemInput', failing)).rejects.toMatchObject({
      fields: { 'ecosystemInput.name': required, ecosystemInput: commonMessages.changesNotObject },
    });
    await expect(withFieldPrefix('x', () => Promise.reject(new ForbiddenError()))).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe('paging and ordering', () => {
  const rows = [{ id: '7d3e1c0a-2f4b-4a8e-8c1d-3e5f7a9b1c02', sortKey: 'a' }, { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c03', sortKey: 'b' }];

  it('passes a decoded cursor to the query and refuses a forged one', async () => {
    let seen: unknown = 'unset';
    const page = await namePage({ first: 1, after: encodeCursor(['a', rows[0].id]) }, async (limit, after) => {
      seen = after;
      return rows.slice(1, 1 + limit);
    }, (r) => r.id);
    expect(seen).toEqual(['a', rows[0].id]);
    expect(page.edges.map((e) => e.node.sortKey)).toEqual(['b']);
    await expect(namePage({ after: encodeCursor(['a', 'not-a-uuid']) }, async () => rows, (r) => r.id)).rejects.toMatchObject({
      fields: { after: commonMessages.invalidCursor },
    });
  });

  it('answers rows in the order asked, null where missing', () => {
    expect(inOrder(['x', rows[1].id, rows[0].id], rows, (r) => r.id)).toEqual([null, rows[1], rows[0]]);
  });
});

describe('migration ids', () => {
  it('follow from the ecosystem id, so a repeated migration replays the same commands', () => {
    const a = migrationIds('3f1d2c4b-5a69-4e8f-9d0c-1b2a3c4d5e6f');
    expect(migrationIds('3f1d2c4b-5a69-4e8f-9d0c-1b2a3c4d5e6f')).toEqual(a);
    expect(new Set([a.programId, a.migrateCommandId, a.createCommandId]).size).toBe(3);
    expect(migrationIds('4a2e3d5c-6b7a-4f9e-8d1c-2b3a4c5d6e7f').programId).not.toBe(a.programId);
  });
});
