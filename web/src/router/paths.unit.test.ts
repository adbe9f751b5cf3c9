import { describe, expect, it } from 'vitest';
import { areaOf, areaPaths, ecosystemAreaPathFor } from './paths';

describe('the two admin areas', () => {
  it('send an ecosystem admin from a panel page to the same page in their area, query and all', () => {
    expect(ecosystemAreaPathFor('/internal-admin-panel/manage-ecosystems/RWNv/breadcrumbs', '?action=ProgramEdited'))
      .toBe('/admin/ecosystems/RWNv/breadcrumbs?action=ProgramEdited');
    expect(ecosystemAreaPathFor('/internal-admin-panel/manage-ecosystems/RWNv/programs')).toBe('/admin/ecosystems/RWNv/programs');
    for (const page of ['invite', 'applications', 'sso', 'scheduling']) {
      expect(ecosystemAreaPathFor(`/internal-admin-panel/manage-ecosystems/RWNv/${page}`)).toBe(`/admin/ecosystems/RWNv/${page}`);
    }
  });

  it('send them from any other panel page to their area\'s front page, without the query', () => {
    expect(ecosystemAreaPathFor('/internal-admin-panel', '?x=1')).toBe('/admin');
    expect(ecosystemAreaPathFor('/internal-admin-panel/manage-ecosystems', '?search=River')).toBe('/admin');
    expect(ecosystemAreaPathFor('/internal-admin-panel/manage-ecosystems/a/b/breadcrumbs')).toBe('/admin');
  });

  it('keep links in the area a page was opened from', () => {
    expect(areaOf('/internal-admin-panel/manage-ecosystems')).toBe('platform');
    expect(areaOf('/internal-admin-panelx')).toBe('ecosystem');
    expect(areaPaths('ecosystem').breadcrumbs('a b')).toBe('/admin/ecosystems/a%20b/breadcrumbs');
    expect(areaPaths('platform').programs('e')).toBe('/internal-admin-panel/manage-ecosystems/e/programs');
    expect(areaPaths('platform').sso('e')).toBe('/internal-admin-panel/manage-ecosystems/e/sso');
    expect(areaPaths('ecosystem').sso('e')).toBe('/admin/ecosystems/e/sso');
    expect(areaPaths('ecosystem').scheduling('e')).toBe('/admin/ecosystems/e/scheduling');
  });
});
