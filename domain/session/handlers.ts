/** The Session command handlers the command bus runs; each booking belongs to its ecosystem and program. */
import type { CommandHandler } from '../shared/decider';
import {
  cancelSessionInput, dropSessionInput, editSessionInput, recordSessionAttendanceInput, reserveSessionSeatInput, restoreSessionInput,
  scheduleSessionInput, setSessionMeetingRoomInput, setSessionsPendingInput, type SessionCommand,
} from './commands';
import { decide } from './decide';
import { checkInToSessionInput, checkOutOfSessionInput } from './checkin';
import type { SessionEvent } from './events';
import { sessionAggregate, type SessionState } from './state';
import { recordLessonspaceFilesInput, recordLessonspaceLessonInput } from './lessonspace';
import { completeSessionOccurrenceInput, recordSessionFeedbackInput } from './completion';

type Data<T extends SessionCommand['type']> = Extract<SessionCommand, { type: T }>['data'];
type SessionHandler<Input> = CommandHandler<Input, SessionState, SessionEvent>;

function ecosystemOf(state: SessionState): string | null {
  return state.status === 'none' ? null : state.ecosystemId;
}

function programOf(state: SessionState): string | null {
  return state.status === 'none' ? null : state.segments[0].versions[0].details.programId;
}

/** A command on an existing booking: the stream is `session-<seriesId>`, its tenant the booking's. */
function onBooking<T extends Exclude<SessionCommand['type'], 'ScheduleSession'>>(type: T, input: SessionHandler<Data<T>>['input']): SessionHandler<Data<T>> {
  return {
    type,
    input,
    aggregate: sessionAggregate,
    aggregateId: (data) => data.seriesId,
    ecosystemId: (_data, state) => ecosystemOf(state),
    programId: (_data, state) => programOf(state),
    // Sound: `type` names the command whose data `input` parses.
    decide: (data, state, ctx) => decide({ type, data } as SessionCommand, state, ctx),
  };
}

export const scheduleSession: SessionHandler<Data<'ScheduleSession'>> = {
  type: 'ScheduleSession',
  input: scheduleSessionInput,
  aggregate: sessionAggregate,
  aggregateId: (input) => input.seriesId,
  ecosystemId: (input) => input.ecosystemId,
  programId: (input) => input.details.programId,
  decide: (data, state, ctx) => decide({ type: 'ScheduleSession', data }, state, ctx),
  createsStream: true,
};

export const editSession = onBooking('EditSession', editSessionInput);
export const cancelSession = onBooking('CancelSession', cancelSessionInput);
export const restoreSession = onBooking('RestoreSession', restoreSessionInput);
export const dropSession = onBooking('DropSession', dropSessionInput);
export const reserveSessionSeat = onBooking('ReserveSessionSeat', reserveSessionSeatInput);
export const setSessionsPending = onBooking('SetSessionsPending', setSessionsPendingInput);
export const setSessionMeetingRoom = onBooking('SetSessionMeetingRoom', setSessionMeetingRoomInput);
export const recordSessionAttendance = onBooking('RecordSessionAttendance', recordSessionAttendanceInput);
export const checkInToSession = onBooking('CheckInToSession', checkInToSessionInput);
export const checkOutOfSession = onBooking('CheckOutOfSession', checkOutOfSessionInput);
export const recordLessonspaceLesson = onBooking('RecordLessonspaceLesson', recordLessonspaceLessonInput);
export const recordLessonspaceFiles = onBooking('RecordLessonspaceFiles', recordLessonspaceFilesInput);
export const completeSessionOccurrence = onBooking('CompleteSessionOccurrence', completeSessionOccurrenceInput);
export const recordSessionFeedback = onBooking('RecordSessionFeedback', recordSessionFeedbackInput);
