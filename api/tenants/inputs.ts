/**
 * GraphQL inputs to the domain's plain patches. The shapes already match (SDL field names are the
 * domain's); only ids inside inputs are turned from global to raw form here.
 */
import type { EcosystemInput, ProgramInput } from '../__generated__/resolvers';
import { idOf } from '../relay';

function withRawProgramIds(sessionSettings: EcosystemInput['sessionSettings']): unknown {
  const limits = sessionSettings?.tutorHoursLimitConfig?.limits;
  if (!sessionSettings || !limits) return sessionSettings;
  return {
    ...sessionSettings,
    tutorHoursLimitConfig: {
      ...sessionSettings.tutorHoursLimitConfig,
      limits: limits.map((l) => ({ ...l, programIds: l.programIds.map((id) => idOf('Program', id)) })),
    },
  };
}

export function ecosystemChanges(input: EcosystemInput): Record<string, unknown> {
  const changes: Record<string, unknown> = { ...input };
  if (input.sessionSettings !== undefined) changes.sessionSettings = withRawProgramIds(input.sessionSettings);
  return changes;
}

/** The program fields, without the ecosystem id (which picks the tenant, not a setting). */
export function programChanges(input: ProgramInput): Record<string, unknown> {
  const { ecosystemId: _ecosystemId, ...changes } = input;
  return changes;
}
