import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold, type CommandHandler } from '../shared/decider';
import { IllegalStateError, NotFoundError, ValidationError } from '../shared/errors';
import { given } from '../user/given';
import type { CourseEvent } from './events';
import * as h from './handlers';
import { courseFullness, coursePeriod } from './model';
import { courseAggregate, type CourseState } from './state';

const sectionId = 'c0c0a000-0000-4000-8000-000000000001';
const ecosystemId = 'c0c0a000-0000-4000-8000-000000000002';
const programId = 'c0c0a000-0000-4000-8000-000000000003';
const learner = (n: number) => `c0c0a000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** 21 Nov 2026 10:00 UTC; the window is open from 20 Nov to 30 Nov in New York. */
const NOW = '2026-11-21T10:00:00.000Z';

const details = (over: Record<string, unknown> = {}) => ({
  name: 'Algebra I', programIds: [programId], maxEnrollments: 2, timeZoneId: 'America/New_York',
  enrollmentStart: '2026-11-20T08:00', enrollmentEnd: '2026-11-30T17:00', dropDeadline: '2026-12-05T12:00', ...over,
});

function run<I>(events: CourseEvent[], handler: CommandHandler<I, CourseState, CourseEvent>, input: unknown, now = NOW): CourseEvent[] {
  return [...events, ...handler.decide(handler.input.parse(input), fold(courseAggregate, events), { actor: { userId: learner(900), role: 'SUPER_ADMIN' }, now })];
}

const created = (over: Record<string, unknown> = {}) => run([], h.createCourseSection, { sectionId, ecosystemId, details: details(over), leaderIds: [learner(500)] });
const stateOf = (events: CourseEvent[]) => fold(courseAggregate, events) as Extract<CourseState, { status: 'active' | 'archived' }>;

describe('Course section: creating and editing', () => {
  it('creates a section with defaults and trims its name', () => {
    const s = stateOf(created({ name: '  Algebra I ' }));
    expect(s.details).toMatchObject({ name: 'Algebra I', description: '', perUserRate: null, enrollRoles: ['STUDENT', 'PARENT'] });
    expect(s.createdBy).toBe(learner(900));
    expect(s.leaderIds).toEqual([learner(500)]);
  });

  it('refuses bad details with one message per field', () => {
    const bad = { sectionId, ecosystemId, details: details({ name: ' ', programIds: [], maxEnrollments: 0, timeZoneId: 'Mars/Base' }) };
    try {
      run([], h.createCourseSection, bad);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError);
      expect(Object.keys((e as ValidationError).fields).sort()).toEqual(['maxEnrollments', 'name', 'programIds', 'timeZoneId']);
    }
    given(h.createCourseSection, []).when({ sectionId, ecosystemId, details: details({ enrollmentEnd: '2026-11-20T08:00' }) })
      .thenThrows(ValidationError, 'Enrolment must end after it starts.');
    given(h.createCourseSection, []).when({ sectionId, ecosystemId, details: details({ dropDeadline: '2026-02-30T10:00' }) })
      .thenThrows(ValidationError, 'Enter a valid date and time');
    given(h.createCourseSection, created()).when({ sectionId, ecosystemId, details: details() }).thenThrows(IllegalStateError);
  });

  it('records only what an edit really changes, and never a limit below the enrolled', () => {
    let events = run(created(), h.enrollCourse, { sectionId, userId: learner(1) });
    events = run(events, h.enrollCourse, { sectionId, userId: learner(2) });
    given(h.editCourseSection, events).when({ sectionId, changes: { maxEnrollments: 1 } }).thenThrows(ValidationError, '2 learners are already enrolled');
    const edited = run(events, h.editCourseSection, { sectionId, changes: { maxEnrollments: 3, name: 'Algebra I', description: 'Linear equations' } });
    expect(edited.at(-1)).toMatchObject({ type: 'CourseSectionEdited', data: { changes: { maxEnrollments: 3, description: 'Linear equations' } } });
    expect(Object.keys((edited.at(-1) as Extract<CourseEvent, { type: 'CourseSectionEdited' }>).data.changes).sort()).toEqual(['description', 'maxEnrollments']);
    expect(run(edited, h.editCourseSection, { sectionId, changes: { maxEnrollments: 3 } })).toEqual(edited);
  });

  it('archived sections take no edits nor enrolments, and unknown ones are not found', () => {
    const archived = run(created(), h.archiveCourseSection, { sectionId });
    given(h.editCourseSection, archived).when({ sectionId, changes: { description: 'x' } }).thenThrows(IllegalStateError, 'archived');
    given(h.enrollCourse, archived).when({ sectionId, userId: learner(1) }).thenThrows(IllegalStateError, 'archived');
    given(h.enrollCourse, []).when({ sectionId, userId: learner(1) }).thenThrows(NotFoundError);
  });
});

describe('Course section: enrolment', () => {
  it('enrols inside the window only', () => {
    given(h.enrollCourse, created()).when({ sectionId, userId: learner(1) }, { now: '2026-11-20T12:59:00.000Z' }).thenThrows(IllegalStateError, 'not open');
    given(h.enrollCourse, created()).when({ sectionId, userId: learner(1) }, { now: '2026-11-30T22:00:00.000Z' }).thenThrows(IllegalStateError, 'not open');
    expect(run(created(), h.enrollCourse, { sectionId, userId: learner(1) }, '2026-11-20T13:00:00.000Z').at(-1)?.type).toBe('CourseEnrolled');
  });

  it('never takes more learners than maxEnrollments; enrolling twice records nothing', () => {
    let events = run(created(), h.enrollCourse, { sectionId, userId: learner(1) });
    expect(run(events, h.enrollCourse, { sectionId, userId: learner(1) })).toEqual(events);
    events = run(events, h.enrollCourse, { sectionId, userId: learner(2) });
    given(h.enrollCourse, events).when({ sectionId, userId: learner(3) }).thenThrows(IllegalStateError, 'full');
  });

  it('unenrols before the drop deadline; admins any time', () => {
    const events = run(created(), h.enrollCourse, { sectionId, userId: learner(1) });
    const late = '2026-12-05T17:00:00.000Z';
    given(h.unenrollCourse, events).when({ sectionId, userId: learner(1) }, { now: late }).thenThrows(IllegalStateError, 'deadline');
    expect(run(events, h.unenrollCourse, { sectionId, userId: learner(1), actorIsAdmin: true, reason: ' moved ' }, late).at(-1))
      .toMatchObject({ type: 'CourseUnenrolled', data: { reason: 'moved' } });
    given(h.unenrollCourse, events).when({ sectionId, userId: learner(2) }).thenThrows(IllegalStateError, 'not enrolled');
  });

  it('any sequence of enrol and unenrol keeps the enrolled within the limit and matches a set model', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 5 })), { maxLength: 40 }), (steps) => {
      let events = created({ maxEnrollments: 3 });
      const model = new Set<number>();
      for (const [enrol, n] of steps) {
        try {
          events = run(events, enrol ? h.enrollCourse : h.unenrollCourse, { sectionId, userId: learner(n) });
          if (enrol) model.add(n); else model.delete(n);
        } catch (e) {
          expect(e).toBeInstanceOf(IllegalStateError);
          expect(enrol ? model.size >= 3 && !model.has(n) : !model.has(n)).toBe(true);
        }
        expect(stateOf(events).enrolled.length).toBeLessThanOrEqual(3);
      }
      expect(new Set(stateOf(events).enrolled)).toEqual(new Set([...model].map(learner)));
    }));
  });
});

describe('Course section: period and fullness', () => {
  const term = { archived: false, firstStart: 100, lastEnd: 200, enrollStart: 10, enrollEnd: 50 };
  it('follows the sessions, else the window; archived is closed', () => {
    expect([99, 100, 199, 200].map((t) => coursePeriod(term, t))).toEqual(['UPCOMING', 'ONGOING', 'ONGOING', 'CLOSED']);
    expect([9, 10, 50].map((t) => coursePeriod({ ...term, firstStart: null, lastEnd: null }, t))).toEqual(['UPCOMING', 'ONGOING', 'CLOSED']);
    expect(coursePeriod({ ...term, archived: true }, 150)).toBe('CLOSED');
    expect([courseFullness(1, 2), courseFullness(2, 2)]).toEqual(['OPEN', 'FULL']);
  });
});
