import { describe, expect, it } from 'vitest';
import { adminEcosystemIds } from './adminEcosystems';

describe('the ecosystems of /admin', () => {
  it('are those with an active ecosystem admin role, once each', () => {
    expect(adminEcosystemIds([
      { ecosystemId: 'a', role: 'SUPER_ADMIN', status: 'ACTIVE' },
      { ecosystemId: 'b', role: 'TEACHER', status: 'ACTIVE' },
      { ecosystemId: 'c', role: 'SUPER_ADMIN', status: 'ARCHIVED' },
      { ecosystemId: 'a', role: 'SUPER_ADMIN', status: 'ACTIVE' },
    ])).toEqual(['a']);
  });
});
