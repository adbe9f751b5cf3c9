/** Profile edits and the ecosystem profile (docs/decisions/0034), given / when / then. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import type { CustomProperty } from '../../ecosystem/groups/common';
import { fold } from '../../shared/decider';
import { englishFields, IllegalStateError, ValidationError } from '../../shared/errors';
import type { UserEvent } from '../events';
import { given } from '../given';
import { editEcosystemProfile, editProfile } from '../handlers';
import { profileFieldsSchema } from './fields';
import { isIanaTimeZone } from './timezone';

const userId = '5b0c5a52-3b8a-4d6e-9d39-0a1f1f6c2a01';
const adminId = '6c1d6b63-4c9b-4e7f-8e4a-1b2a2a7d3b02';
const ecosystemId = '7d3e1c0a-2f4b-4a8e-8c1d-3e5f7a9b1c02';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', preferredName: null, passwordHash: HASH, platformAdmin: false },
};
const member: UserEvent = { type: 'EcosystemRoleGranted', data: { userId, ecosystemId, role: 'STUDENT', programId: null, status: 'ACTIVATED' } };
const edited = (changes: object): UserEvent => ({ type: 'UserProfileEdited', data: { userId, changes } });
const asAdmin = { actor: { userId: adminId, role: 'SUPER_ADMIN' as const } };
const asSelf = { actor: { userId, role: 'STUDENT' as const } };

describe('Profile: editing', () => {
  it('records the changed fields, normalised: the phone as its 10 digits, text trimmed', () => {
    given(editProfile, [registered]).when({ userId, changes: { phoneNumber: '1 (555) 123-4567', bio: '  Likes maths.  ', firstName: 'Ada' } }, asSelf)
      .then([edited({ phoneNumber: '5551234567', bio: 'Likes maths.' })]);
  });

  it('records nothing when nothing changes', () => {
    given(editProfile, [registered, edited({ bio: 'Hi' })]).when({ userId, changes: { bio: 'Hi', lastName: 'Lovelace' } }, asSelf).then([]);
  });

  it('refuses an empty edit, an unknown field, and bad values with a message per field', () => {
    given(editProfile, [registered]).when({ userId, changes: {} }).thenThrows(ZodError, 'Send at least one field to change.');
    given(editProfile, [registered]).when({ userId, changes: { favouriteColour: 'red' } }).thenThrows(ZodError);
    given(editProfile, [registered]).when({ userId, changes: { phoneNumber: '555-1234' } }).thenThrows(ZodError, 'must have 10 digits');
    given(editProfile, [registered]).when({ userId, changes: { timeZoneId: 'Mars/Olympus_Mons' } }).thenThrows(ZodError, 'must be a time zone such as America/New_York');
    given(editProfile, [registered]).when({ userId, changes: { parentGuardianContacts: [{ name: 'Mum', email: 'not-an-email' }] } }).thenThrows(ZodError, 'must be a valid e-mail address');
    given(editProfile, [registered]).when({ userId, changes: { firstName: '  ' } }).thenThrows(ZodError, 'userProfile.firstName');
    given(editProfile, [registered]).when({ userId, changes: { availableHours: [{ day: 1, startTime: '10:00', endTime: '09:00' }] } })
      .thenThrows(ZodError, 'The end time must be after the start time.');
  });

  it('raises the admin-update dialog when someone else sets the time zone, not when the person does', () => {
    given(editProfile, [registered]).when({ userId, changes: { timeZoneId: 'America/Chicago' } }, asAdmin)
      .then([edited({ timeZoneId: 'America/Chicago', tzUpdateInfo: { showAdminUpdateDialog: true } })]);
    given(editProfile, [registered]).when({ userId, changes: { timeZoneId: 'America/Chicago' } }, asSelf).then([edited({ timeZoneId: 'America/Chicago' })]);
  });
});

describe('Profile: phone numbers (property)', () => {
  it('accept exactly 10 digits, or 11 starting with 1, whatever the punctuation, and keep the 10', () => {
    const punctuation = fc.constantFrom('', ' ', '-', '(', ')', '.', '+');
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 0, maxLength: 14 }), fc.boolean(), punctuation, (digits, leadingOne, sep) => {
      const all = leadingOne ? [1, ...digits] : digits;
      const written = all.map(String).join(sep);
      const parsed = profileFieldsSchema.shape.phoneNumber.safeParse(written);
      const expected = all.length === 10 ? all.join('') : all.length === 11 && all[0] === 1 ? all.slice(1).join('') : undefined;
      if (written.trim() === '') expect(parsed.success && parsed.data).toBe(null);
      else if (expected === undefined) expect(parsed.success).toBe(false);
      else expect(parsed.success && parsed.data).toBe(expected);
    }));
  });
});

describe('Profile: time zones', () => {
  it('are the runtime\'s IANA ids', () => {
    expect(['America/New_York', 'Pacific/Honolulu', 'UTC', 'Europe/Madrid'].filter(isIanaTimeZone)).toHaveLength(4);
    expect(['Eastern', 'America/Nowhere', '', '../etc/passwd'].some(isIanaTimeZone)).toBe(false);
  });
});

const prop = (p: Partial<CustomProperty> & Pick<CustomProperty, 'internalKeyName' | 'fieldType'>): CustomProperty => ({
  id: p.internalKeyName, label: p.internalKeyName, description: null, type: 'PROFILE', required: false, options: [], ...p,
});
const definitions = {
  customProperties: [
    prop({ internalKeyName: 'shirt', fieldType: 'SINGLE_SELECT', label: 'Shirt size', options: [{ label: 'Small', value: 's', description: null }, { label: 'Large', value: 'l', description: null }] }),
    prop({ internalKeyName: 'langs', fieldType: 'MULTI_SELECT', options: [{ label: 'English', value: 'en', description: null }, { label: 'Spanish', value: 'es', description: null }] }),
    prop({ internalKeyName: 'age', fieldType: 'NUMBER' }),
    prop({ internalKeyName: 'start', fieldType: 'DATE' }),
    prop({ internalKeyName: 'bus', fieldType: 'BOOLEAN' }),
    prop({ internalKeyName: 'note', fieldType: 'TEXT' }),
    prop({ internalKeyName: 'room', fieldType: 'TEXT', type: 'SESSION' }),
  ],
  requiredUserProperties: ['shirt'],
};
const edit = (properties: object[]) => ({ userId, ecosystemId, edit: { properties }, definitions });
const ecosystemEdited = (changes: object): UserEvent => ({ type: 'UserEcosystemProfileEdited', data: { userId, ecosystemId, changes } });

describe('Ecosystem profile: custom properties', () => {
  it('stores answers typed by their definition, sorted by key', () => {
    given(editEcosystemProfile, [registered, member]).when(edit([
      { key: 'shirt', optionIds: ['l'] }, { key: 'langs', optionIds: ['en', 'es'] }, { key: 'age', value: ' 12 ' },
      { key: 'start', value: '2026-09-01' }, { key: 'bus', value: 'true' }, { key: 'note', value: 'Allergic to nuts' },
    ])).then([ecosystemEdited({ customProperties: [
      { key: 'age', type: 'NUMBER', value: [{ optionId: null, value: '12' }] },
      { key: 'bus', type: 'BOOLEAN', value: [{ optionId: null, value: 'true' }] },
      { key: 'langs', type: 'MULTI_SELECT', value: [{ optionId: 'en', value: 'English' }, { optionId: 'es', value: 'Spanish' }] },
      { key: 'note', type: 'TEXT', value: [{ optionId: null, value: 'Allergic to nuts' }] },
      { key: 'shirt', type: 'SINGLE_SELECT', value: [{ optionId: 'l', value: 'Large' }] },
      { key: 'start', type: 'DATE', value: [{ optionId: null, value: '2026-09-01' }] },
    ] })]);
  });

  it('refuses each bad answer on its own field, and a required property left unanswered', () => {
    const input = editEcosystemProfile.input.parse(edit([
      { key: 'age', value: 'twelve' }, { key: 'shirt', optionIds: ['xl'] }, { key: 'room', value: '12' }, { key: 'nope', value: 'x' },
      { key: 'langs', optionIds: ['en', 'en'] }, { key: 'bus', value: 'yes' }, { key: 'start', value: '01/09/2026' },
    ]));
    const state = fold(editEcosystemProfile.aggregate, [registered, member]);
    const error = (() => {
      try {
        editEcosystemProfile.decide(input, state, { actor: asSelf.actor, now: '2026-11-24T00:00:00Z' });
      } catch (err) {
        return err;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect(englishFields((error as ValidationError).fields)).toEqual({
      'properties.0.value': 'This property needs a number.',
      'properties.1.value': 'Choose among the options of Shirt size.',
      'properties.2.key': 'This ecosystem has no profile property with this key.',
      'properties.3.key': 'This ecosystem has no profile property with this key.',
      'properties.4.value': 'Choose among the options of langs.',
      'properties.5.value': 'This property needs true or false.',
      'properties.6.value': 'This property needs a date like 2025-08-31.',
      'properties.shirt': 'Shirt size is required.',
    });
  });

  it('keeps other answers, clears one sent empty, and records nothing when nothing changes', () => {
    const first = ecosystemEdited({ customProperties: [
      { key: 'note', type: 'TEXT', value: [{ optionId: null, value: 'Hi' }] }, { key: 'shirt', type: 'SINGLE_SELECT', value: [{ optionId: 's', value: 'Small' }] },
    ] });
    given(editEcosystemProfile, [registered, member, first]).when(edit([{ key: 'note', value: '' }]))
      .then([ecosystemEdited({ customProperties: [{ key: 'shirt', type: 'SINGLE_SELECT', value: [{ optionId: 's', value: 'Small' }] }] })]);
    given(editEcosystemProfile, [registered, member, first]).when(edit([{ key: 'shirt', optionIds: ['s'] }])).then([]);
  });

  it('refuses someone without a role in the ecosystem', () => {
    given(editEcosystemProfile, [registered]).when(edit([{ key: 'shirt', optionIds: ['s'] }])).thenThrows(IllegalStateError, 'This person is not a member of this ecosystem.');
  });
});
