/**
 * A user as the User and Profile types resolve it (docs/decisions/0032). Any user is a row of the
 * users read model; the signed-in user asking for themselves (getCurrentUserV2) starts as what
 * authentication already knows: the id, platform admin and the current roles (decision 0023 keeps
 * those exactly as current as every permission check), so a page asking only for roles costs no
 * statement. Whatever else it asks for (e-mail, names, creation time) is the row, read once per
 * request in the request's read transaction.
 */
import { isGrantableRole } from '../../domain/user/events';
import type { UserRoleRow, UserRow } from '../../projections/users';
import type { Viewer } from '../context';

export interface ViewerUser {
  kind: 'viewer';
  id: string;
  platformAdmin: boolean;
  roles: readonly UserRoleRow[];
  /** The viewer's row, read on first use and shared by the request's later fields. */
  row(): Promise<UserRow>;
}

export type UserSource = UserRow | ViewerUser;

function isViewerUser(user: UserSource): user is ViewerUser {
  return 'kind' in user && user.kind === 'viewer';
}

/** The viewer as a User; `load` reads their row (null only if it vanished, which fails the field). */
export function viewerUser(viewer: Viewer, load: () => Promise<UserRow | null>): ViewerUser {
  let pending: Promise<UserRow> | null = null;
  return {
    kind: 'viewer', id: viewer.userId, platformAdmin: viewer.platformAdmin,
    // Grants are all a viewer's roles are (tokens and the users read model hold nothing else).
    roles: viewer.roles.flatMap((r) => (isGrantableRole(r.role) ? [{ ...r, role: r.role }] : [])),
    row: () => {
      pending ??= load().then((row) => {
        if (!row) throw new Error(`The account of the signed-in user ${viewer.userId} is not in the users read model.`);
        return row;
      });
      return pending;
    },
  };
}

/** The full row of `user`: itself, or the viewer's, read on first use. */
export function rowOf(user: UserSource): Promise<UserRow> | UserRow {
  return isViewerUser(user) ? user.row() : user;
}
