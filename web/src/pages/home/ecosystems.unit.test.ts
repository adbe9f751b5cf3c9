import { describe, expect, it } from 'vitest';
import { isParent, MAX_ECOSYSTEM_IDS, memberEcosystemIds, viewerEcosystems } from './ecosystems';

const roles = [
  { ecosystemId: 'E1', role: 'TEACHER', status: 'ACTIVE' },
  { ecosystemId: 'E2', role: 'SUPER_ADMIN', status: 'ACTIVE' },
  { ecosystemId: 'E1', role: 'SUPER_ADMIN', status: 'ACTIVE' },
  { ecosystemId: 'E3', role: 'SUPER_ADMIN', status: 'ARCHIVED' },
];

describe('the home page ecosystems', () => {
  it('asks for each ecosystem the user actively belongs to once', () => {
    expect(memberEcosystemIds(roles)).toEqual(['E1', 'E2']);
    expect(memberEcosystemIds([])).toEqual([]);
    const many = Array.from({ length: 150 }, (_, i) => ({ ecosystemId: `E${i}`, role: 'MEMBER', status: 'ACTIVE' }));
    expect(memberEcosystemIds(many)).toHaveLength(MAX_ECOSYSTEM_IDS);
  });

  it('lists those found by name, marking where the user is an admin (breadcrumbs link)', () => {
    expect(viewerEcosystems(roles, [{ id: 'E2', name: 'Westside' }, null, { id: 'E1', name: 'Riverside' }])).toEqual([
      { id: 'E1', name: 'Riverside', admin: true },
      { id: 'E2', name: 'Westside', admin: true },
    ]);
    expect(viewerEcosystems([{ ecosystemId: 'E1', role: 'TEACHER', status: 'ACTIVE' }], [{ id: 'E1', name: 'Riverside' }]))
      .toEqual([{ id: 'E1', name: 'Riverside', admin: false }]);
    // A revoked admin role no longer opens the breadcrumbs.
    expect(viewerEcosystems(roles, [{ id: 'E3', name: 'Old' }])).toEqual([{ id: 'E3', name: 'Old', admin: false }]);
  });

  it('links a parent to their children only while a parent role is active', () => {
    expect(isParent(roles)).toBe(false);
    expect(isParent([...roles, { ecosystemId: 'E1', role: 'PARENT', status: 'ACTIVE' }])).toBe(true);
    expect(isParent([{ ecosystemId: 'E1', role: 'PARENT', status: 'ARCHIVED' }, { ecosystemId: 'E2', role: 'PARENT', status: 'INVITED' }])).toBe(false);
  });
});
