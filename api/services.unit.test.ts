import { describe, expect, it } from 'vitest';
import { resolverServices, type Services } from './services';

describe('the services resolvers see', () => {
  const services = {
    config: { NODE_ENV: 'test' }, ownerPool: { owner: true }, apiPool: { api: true }, eventStore: {}, bus: {}, projections: {},
    engine: { first: true }, flags: {}, auth: {}, sso: {}, meetings: {}, clock: () => new Date(0),
  } as unknown as Services;

  it('holds no pool, event store, bus or projection runner, not even behind a cast', () => {
    const view = resolverServices(services) as unknown as Record<string, unknown>;
    expect(Object.keys(view).sort()).toEqual(['auth', 'clock', 'config', 'engine', 'flags', 'meetings', 'sso']);
    for (const key of ['ownerPool', 'apiPool', 'eventStore', 'bus', 'projections']) expect(view[key]).toBeUndefined();
    expect(Object.isFrozen(view)).toBe(true);
  });

  it('follows the services it was made from (the platform sets the engine last)', () => {
    const view = resolverServices(services);
    services.engine = { second: true } as unknown as Services['engine'];
    expect(view.engine).toBe(services.engine);
    expect(resolverServices(services)).toBe(view);
  });
});
