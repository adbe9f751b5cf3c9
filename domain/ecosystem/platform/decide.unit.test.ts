import { describe, expect, it } from 'vitest';
import { DEFAULT_ECOSYSTEM_CONFIG } from '../config';
import { given } from '../given';
import { updatePlatformEcosystemConfig } from '../handlers';
import type { PlatformConfigEvent } from './events';

const mentorDefaults = { ...DEFAULT_ECOSYSTEM_CONFIG, tutorTerm: 'Mentor' };
const updated: PlatformConfigEvent = { type: 'PlatformEcosystemConfigUpdated', data: { defaults: mentorDefaults, changes: { tutorTerm: 'Mentor' } } };

describe('Platform ecosystem defaults: built in', () => {
  it('UpdatePlatformEcosystemConfig records the whole new defaults and what changed', () => {
    given(updatePlatformEcosystemConfig, []).when({ changes: { tutorTerm: 'Mentor' } }).then([updated]);
  });

  it('UpdatePlatformEcosystemConfig refuses identity fields, which have no platform-wide default', () => {
    given(updatePlatformEcosystemConfig, []).when({ changes: { name: 'Everyone', profileId: 'all' } }).thenRejects({
      name: 'Name is set per ecosystem and has no platform-wide default.',
      profileId: 'Profile id is set per ecosystem and has no platform-wide default.',
    });
  });

  it('UpdatePlatformEcosystemConfig validates like an ecosystem edit', () => {
    given(updatePlatformEcosystemConfig, []).when({ changes: { sessionSettings: { sessionDurations: [5] } } })
      .thenRejects({ 'sessionSettings.sessionDurations.0': 'Sessions cannot be shorter than 15 minutes.' });
  });
});

describe('Platform ecosystem defaults: customised', () => {
  it('UpdatePlatformEcosystemConfig builds on the customised defaults', () => {
    const [event] = given(updatePlatformEcosystemConfig, [updated]).when({ changes: { tuteeTerm: 'Mentee' } }).events();
    expect(event.data.defaults.tutorTerm).toBe('Mentor');
    expect(event.data.changes).toEqual({ tuteeTerm: 'Mentee' });
  });

  it('UpdatePlatformEcosystemConfig that changes nothing records nothing', () => {
    given(updatePlatformEcosystemConfig, [updated]).when({ changes: { tutorTerm: 'Mentor' } }).then([]);
  });
});
