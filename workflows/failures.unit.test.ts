import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { programMessages } from '../domain/program/messages';
import { IllegalStateError } from '../domain/shared/errors';
import { describeFailure, INTERNAL_FAILURE } from './failures';

describe('describeFailure', () => {
  it('shows a business refusal by its own message, through the engine wrapping', () => {
    const wrapped = Object.assign(new Error('Activity task failed'), {
      cause: ApplicationFailure.create({ message: 'Demo data already exists for this ecosystem.', type: 'DomainError' }),
    });
    expect(describeFailure(wrapped)).toBe('Demo data already exists for this ecosystem.');
    expect(describeFailure(new IllegalStateError(programMessages.archivedReadOnly))).toBe('This program is archived; unarchive it before changing it.');
  });

  it('never shows an internal message, which can name tables and hosts', () => {
    const internal = new Error('duplicate key value violates unique constraint "events_event_id_key" (host db-primary-2.internal:5432)');
    expect(describeFailure(internal)).toBe(INTERNAL_FAILURE);
    expect(describeFailure(Object.assign(new Error('Activity task failed'), { cause: internal }))).toBe(INTERNAL_FAILURE);
  });
});
