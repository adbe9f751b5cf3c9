/**
 * The executable schema: the SDL of schema/ joined with each area's resolvers. An area adds
 * itself here with one import and one entry in `areas`.
 */
import { makeExecutableSchema } from '@graphql-tools/schema';
import { GraphQLScalarType, Kind, type GraphQLSchema } from 'graphql';
import type { NodeResolvers, Resolvers, ResolversInterfaceTypes } from '../__generated__/resolvers';
import { authResolvers } from '../auth/resolvers';
import { factorResolvers } from '../auth/factors/resolvers';
import { tenantsResolvers } from '../tenants/resolvers';
import { jobsResolvers } from '../jobs/resolvers';
import { auditResolvers } from '../audit/resolvers';
import { flagsResolvers } from '../flags/resolvers';
import { peopleResolvers } from '../people/resolvers';
import { messagesResolvers } from '../messages/resolvers';
import { signupResolvers } from '../signup/resolvers';
import { oneTimeResolvers } from '../auth/one-time/resolvers';
import { invitationsResolvers } from '../invitations/resolvers';
import { settingsResolvers } from '../settings/resolvers';
import { ssoResolvers } from '../sso/resolvers';
import { familiesResolvers } from '../families/resolvers';
import { rosterResolvers } from '../roster/resolvers';
import { sessionsResolvers } from '../sessions/resolvers';
import { sessionConflictResolvers } from '../sessions/conflict-resolvers';
import { sessionMutationResolvers } from '../sessions/mutation-resolvers';
import { sessionCheckInResolvers } from '../sessions/checkin-resolvers';
import { sessionFeedbackResolvers } from '../sessions/feedback-resolvers';
import { sessionLessonspaceResolvers } from '../session-lessonspace/resolvers';
import { meetingsResolvers } from '../meetings/resolvers';
import { recordingExportResolvers } from '../meetings/exports';
import { sessionAdminResolvers } from '../sessions-admin/resolvers';
import { coursesResolvers } from '../courses/resolvers';
import { sessionSummaryResolvers } from '../session-summary/resolvers';
import { breakoutResolvers } from '../breakouts/resolvers';
import { reportsResolvers } from '../reports/resolvers';
import { notificationsResolvers } from '../notifications/resolvers';
import { bigJobsResolvers } from '../bigjobs/resolvers';
import { ValidationError } from '../../domain/shared/errors';
import { withMutationScopes } from '../idempotency';
import { loadNode } from '../relay';
import { loadSchemaSDL } from './sdl';
import type { Message } from '../../domain/shared/i18n';
import { apiMessages } from '../i18n/messages';

const MAX_NODES = 100;

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Date.parse accepts 2025-02-31 (it rolls over); a real calendar date survives a round trip. */
function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function stringScalar(name: string, pattern: RegExp, description: string, invalid: Message): GraphQLScalarType {
  const check = (value: unknown): string => {
    if (typeof value !== 'string' || !pattern.test(value) || Number.isNaN(Date.parse(value)) || !isCalendarDate(value)) {
      throw new ValidationError(invalid);
    }
    return value;
  };
  return new GraphQLScalarType({
    name,
    description,
    serialize: (v) => (v instanceof Date ? v.toISOString() : check(v)),
    parseValue: check,
    parseLiteral: (ast) => check(ast.kind === Kind.STRING ? ast.value : null),
  });
}

const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: function literal(ast): unknown {
    switch (ast.kind) {
      case Kind.STRING: case Kind.BOOLEAN: return ast.value;
      case Kind.INT: case Kind.FLOAT: return Number(ast.value);
      case Kind.NULL: return null;
      case Kind.LIST: return ast.values.map((v) => literal(v));
      case Kind.OBJECT: return Object.fromEntries(ast.fields.map((f) => [f.name.value, literal(f.value)]));
      default: throw new ValidationError(apiMessages.jsonLiteralVariables);
    }
  },
});

type NodeValue = ResolversInterfaceTypes<Record<string, never>>['Node'];
type NodeTypeName = NonNullable<Awaited<ReturnType<NonNullable<NodeResolvers['__resolveType']>>>>;

const baseResolvers: Resolvers = {
  DateTime: stringScalar('DateTime', isoInstant, 'an ISO-8601 date and time with a zone, e.g. 2026-11-22T15:00:00Z', apiMessages.invalidDateTime),
  Date: stringScalar('Date', isoDate, 'a date as YYYY-MM-DD', apiMessages.invalidDate),
  JSON: JSONScalar,
  // loadNode tags each object with the __typename its global id named.
  Node: { __resolveType: (node) => (node as unknown as { __typename: NodeTypeName }).__typename },
  Query: {
    node: (_root, { id }, ctx) => loadNode(ctx, id) as Promise<NodeValue | null>,
    nodes: (_root, { ids }, ctx) => {
      if (ids.length > MAX_NODES) throw ValidationError.forField('ids', apiMessages.tooManyIds({ max: MAX_NODES }));
      return Promise.all(ids.map((id, i) => loadNode(ctx, id, `ids.${i}`) as Promise<NodeValue | null>));
    },
  },
  Mutation: { ping: () => true },
};

const areas: Resolvers[] = [baseResolvers, authResolvers, tenantsResolvers, jobsResolvers, auditResolvers, flagsResolvers,
  peopleResolvers,
  factorResolvers,
  messagesResolvers,
  oneTimeResolvers,
  invitationsResolvers,
  signupResolvers,
  settingsResolvers,
  ssoResolvers,
  familiesResolvers,
  rosterResolvers,
  sessionsResolvers,
  sessionConflictResolvers,
  sessionMutationResolvers,
  sessionCheckInResolvers,
  sessionFeedbackResolvers,
  meetingsResolvers,
  recordingExportResolvers,
  sessionAdminResolvers,
  coursesResolvers,
  sessionSummaryResolvers,
  breakoutResolvers,
  sessionLessonspaceResolvers,
  reportsResolvers,
  notificationsResolvers,
  bigJobsResolvers];

export async function buildSchema(): Promise<GraphQLSchema> {
  const typeDefs = await loadSchemaSDL();
  // Each mutation field gets its own scope of idempotent ids (api/idempotency.ts, decision 0017).
  return withMutationScopes(makeExecutableSchema({ typeDefs, resolvers: areas as Parameters<typeof makeExecutableSchema>[0]['resolvers'] }));
}
