import { describe, it } from 'vitest';
import { IllegalStateError, ValidationError } from '../shared/errors';
import { given } from '../user/given';
import type { FamilyEvent } from './events';
import { editFamilyConnection, linkFamilyMember, unlinkFamilyMember } from './handlers';

const parentId = '11111111-1111-4111-8111-111111111111';
const childId = '22222222-2222-4222-8222-222222222222';
const ecosystemId = '33333333-3333-4333-8333-333333333333';
const otherEcosystem = '44444444-4444-4444-8444-444444444444';
const ids = { parentId, childId, ecosystemId };
const linked: FamilyEvent = { type: 'FamilyMemberLinked', data: { ...ids, relationship: 'PARENT', notifPreferences: ['EMAIL'] } };

describe('Family: no connection yet', () => {
  it('LinkFamilyMember records the link, with e-mail as the default channel', () => {
    given(linkFamilyMember, []).when({ ...ids, relationship: 'PARENT' }).then([linked]);
  });

  it('LinkFamilyMember keeps each channel once, in a stable order', () => {
    given(linkFamilyMember, []).when({ ...ids, relationship: 'GUARDIAN', notifPreferences: ['TEXT', 'EMAIL', 'TEXT'] })
      .thenThrows(Error);
    given(linkFamilyMember, []).when({ ...ids, relationship: 'GUARDIAN', notifPreferences: ['TEXT', 'EMAIL'] })
      .then([{ type: 'FamilyMemberLinked', data: { ...ids, relationship: 'GUARDIAN', notifPreferences: ['EMAIL', 'TEXT'] } }]);
  });

  it('refuses a person linked to themselves, an unknown relationship, and edits or unlinks of no connection', () => {
    given(linkFamilyMember, []).when({ ...ids, childId: parentId, relationship: 'PARENT' }).thenThrows(ValidationError, 'cannot be linked to themselves');
    given(linkFamilyMember, []).when({ ...ids, relationship: 'BOSS' }).thenThrows(Error);
    given(editFamilyConnection, []).when({ ...ids, relationship: 'OTHER' }).thenThrows(IllegalStateError, 'not linked');
    given(unlinkFamilyMember, []).when(ids).thenThrows(IllegalStateError, 'not linked');
  });
});

describe('Family: linked', () => {
  it('linking again records nothing, or only what changed', () => {
    given(linkFamilyMember, [linked]).when({ ...ids, relationship: 'PARENT', notifPreferences: ['EMAIL'] }).then([]);
    given(linkFamilyMember, [linked]).when({ ...ids, relationship: 'GUARDIAN', notifPreferences: ['EMAIL'] })
      .then([{ type: 'FamilyConnectionEdited', data: { ...ids, relationship: 'GUARDIAN' } }]);
  });

  it('the same child in another ecosystem is another connection', () => {
    given(linkFamilyMember, [linked]).when({ ...ids, ecosystemId: otherEcosystem, relationship: 'PARENT' })
      .then([{ type: 'FamilyMemberLinked', data: { ...ids, ecosystemId: otherEcosystem, relationship: 'PARENT', notifPreferences: ['EMAIL'] } }]);
  });

  it('EditFamilyConnection changes the notification preferences, and refuses an empty edit', () => {
    given(editFamilyConnection, [linked]).when({ ...ids, notifPreferences: ['TEXT'] })
      .then([{ type: 'FamilyConnectionEdited', data: { ...ids, notifPreferences: ['TEXT'] } }]);
    given(editFamilyConnection, [linked]).when({ ...ids, notifPreferences: [] })
      .then([{ type: 'FamilyConnectionEdited', data: { ...ids, notifPreferences: [] } }]);
    given(editFamilyConnection, [linked]).when(ids).thenThrows(ValidationError);
  });

  it('UnlinkFamilyMember removes the connection; unlinking twice is refused', () => {
    const unlinked: FamilyEvent = { type: 'FamilyMemberUnlinked', data: ids };
    given(unlinkFamilyMember, [linked]).when(ids).then([unlinked]);
    given(unlinkFamilyMember, [linked, unlinked]).when(ids).thenThrows(IllegalStateError);
  });
});
