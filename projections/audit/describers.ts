/**
 * How user and feature-flag events read in the audit trail: the fields worth showing (never a
 * password hash or an internal id) and the person's name as the target's name.
 */
import type { RecordedEvent } from '../../domain/shared/events';
import { registerBreadcrumbDescriber, type BreadcrumbDescription } from './describe';

type Data = Record<string, unknown>;
const dataOf = (event: RecordedEvent): Data => (typeof event.data === 'object' && event.data !== null ? event.data as Data : {});

function registered(event: RecordedEvent): BreadcrumbDescription {
  const d = dataOf(event);
  const name = [d.preferredName ?? d.firstName, d.lastName].filter((p) => typeof p === 'string' && p).join(' ');
  return {
    summary: `Registered ${name || String(d.email ?? 'a user')}`,
    changes: { email: d.email, firstName: d.firstName, lastName: d.lastName, preferredName: d.preferredName, platformAdmin: d.platformAdmin },
    ...(name ? { targetName: name } : {}),
  };
}

const role = (verb: string) => (event: RecordedEvent): BreadcrumbDescription => {
  const d = dataOf(event);
  // `roleStatus`, not `status`: the audit trail's own rows have a status (a job run's).
  return { summary: `${verb} the role ${String(d.role)}`, changes: { role: d.role, programId: d.programId, ...(d.status ? { roleStatus: d.status } : {}) } };
};

/** Which fields a profile edit changed, not their values: profiles hold personal data (demographics, pay). */
const fieldsChanged = (summary: string) => (event: RecordedEvent): BreadcrumbDescription => {
  const changes = dataOf(event).changes;
  return { summary, changes: { changedFields: typeof changes === 'object' && changes !== null ? Object.keys(changes) : [] } };
};

const describers: Record<string, (event: RecordedEvent) => string | BreadcrumbDescription> = {
  UserRegistered: registered,
  EcosystemRoleGranted: role('Granted'),
  EcosystemRoleRevoked: role('Revoked'),
  EcosystemRoleStatusChanged: role('Changed the status of'),
  UserPasswordChanged: () => ({ summary: 'Changed the password', changes: {} }),
  UserLocked: () => ({ summary: 'Locked the account', changes: {} }),
  UserUnlocked: () => ({ summary: 'Unlocked the account', changes: {} }),
  UserModeSwitched: (e) => ({ summary: `Switched to ${String(dataOf(e).mode)} mode`, changes: { mode: dataOf(e).mode } }),
  UserProfileEdited: fieldsChanged('Edited the profile'),
  UserEcosystemProfileEdited: fieldsChanged('Edited the ecosystem profile'),
  UserEmailReserved: (e) => ({ summary: 'Reserved an e-mail address', changes: { email: dataOf(e).email } }),
  UserEmailVerified: (e) => ({ summary: 'Verified the e-mail address', changes: { email: dataOf(e).email } }),
  UserEmailChangeRequested: (e) => ({ summary: 'Asked to change the e-mail address', changes: { email: dataOf(e).email } }),
  UserEmailChanged: (e) => ({ summary: 'Changed the e-mail address', changes: { email: dataOf(e).email, previousEmail: dataOf(e).previousEmail } }),
  UserEmailReleased: (e) => ({ summary: 'Released an e-mail address', changes: { email: dataOf(e).email } }),
  // Second factors: what happened, never the sealed secret or a recovery code's hash.
  TotpEnrolmentStarted: () => ({ summary: 'Started setting up an authenticator app', changes: {} }),
  TotpEnabled: () => ({ summary: 'Turned on multi-factor authentication', changes: {} }),
  // The recovery codes' hashes stay out of the trail, as for TotpEnabled.
  EmailCodeEnabled: () => ({ summary: 'Turned on multi-factor authentication by e-mailed codes', changes: {} }),
  MfaRecoveryCodeUsed: () => ({ summary: 'Used a recovery code', changes: {} }),
  MfaDisabled: () => ({ summary: 'Turned off multi-factor authentication', changes: {} }),
  MfaRecoveryCodesRegenerated: () => ({ summary: 'Replaced the recovery codes', changes: {} }),
  FeatureFlagChanged: (e) => ({ summary: `Set the feature flag ${String(dataOf(e).name)}`, changes: { name: dataOf(e).name, value: dataOf(e).value } }),
};

export function registerUserBreadcrumbs(): void {
  for (const [type, describe] of Object.entries(describers)) registerBreadcrumbDescriber(type, describe);
}
