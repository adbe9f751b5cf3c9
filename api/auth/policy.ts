/** Authorization checks resolvers call before dispatching any command (STYLE.md, API). */
import { can, type Action } from '../../domain/shared/permissions';
import { ForbiddenError, UnauthenticatedError } from '../../domain/shared/errors';
import type { Message } from '../../domain/shared/i18n';
import type { RequestContext, Viewer } from '../context';

export function requireViewer(ctx: Pick<RequestContext, 'viewer'>): Viewer {
  if (!ctx.viewer) throw new UnauthenticatedError();
  return ctx.viewer;
}

/** Throws UNAUTHENTICATED without a viewer and FORBIDDEN when the rules of domain/shared/permissions.ts say no. */
export function authorize(ctx: Pick<RequestContext, 'viewer'>, action: Action): Viewer {
  const viewer = requireViewer(ctx);
  if (!can(viewer, action)) throw new ForbiddenError();
  return viewer;
}

/** Acting on a user's own account (their sessions, their password): that user, or a platform admin. */
export function authorizeSelf(ctx: Pick<RequestContext, 'viewer'>, userId: string, message?: Message): Viewer {
  const viewer = requireViewer(ctx);
  if (viewer.userId !== userId && !viewer.platformAdmin) throw new ForbiddenError(message);
  return viewer;
}
