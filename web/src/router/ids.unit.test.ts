import { createMemoryRouter, isRouteErrorResponse } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { entityIdParam, isEntityId } from './ids';

const uuid = '0b3f4c2e-8d1a-4f6b-9c3e-2a1b0c9d8e7f';
const globalId = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('ids in URLs', () => {
  it("accepts the API's global ids of the right type, and bare uuids", () => {
    expect(isEntityId(globalId(`Ecosystem:${uuid}`), 'Ecosystem')).toBe(true);
    expect(isEntityId(uuid, 'Ecosystem')).toBe(true);
  });

  it('refuses other types, broken base64, a non-uuid inside, and empty values', () => {
    for (const value of [globalId(`Program:${uuid}`), globalId('Ecosystem:42'), globalId(`Ecosystem:${uuid}:x`), 'not-an-id!', '%%%', 'abc', '', undefined]) {
      expect(isEntityId(value, 'Ecosystem')).toBe(false);
    }
  });

  it('answers a malformed route parameter with the 404 the route tree shows as not found', async () => {
    expect(entityIdParam({ ecosystemId: uuid }, 'ecosystemId', 'Ecosystem')).toBe(uuid);
    const router = createMemoryRouter([{ path: '/e/:ecosystemId', loader: ({ params }) => entityIdParam(params, 'ecosystemId', 'Ecosystem') }],
      { initialEntries: ['/e/nonsense'] });
    await new Promise<void>((resolve) => { if (router.state.initialized) resolve(); else router.subscribe((state) => { if (state.initialized) resolve(); }); });
    const error = Object.values(router.state.errors ?? {})[0];
    expect(isRouteErrorResponse(error) && error.status === 404).toBe(true);
    router.dispose();
  });
});
