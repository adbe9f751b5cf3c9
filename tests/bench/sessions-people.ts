/**
 * The people of benchmarks 9 and 10, made inside the bench's platform process (tests/bench/http-server.ts,
 * BENCH_SESSION_PEOPLE=<file>) through the seeding's own `ensureUser` (the command bus, as an admin
 * adding people would): in the demo ecosystem's first program, a tutor and a learner who log in
 * (their upcoming-sessions pages, 9) and one tutor per booking of 10, so no booking conflicts with
 * another. What was made is written to the file as JSON for the bench process.
 */
import { writeFile } from 'node:fs/promises';
import { ensureUser } from '../../api/auth/seed';
import type { RoleInput } from '../../api/auth/registration';
import type { Platform } from '../../api/platform';

export const SESSION_PEOPLE_PASSWORD = 'bench-sessions-password-1';

export interface SessionPeople {
  ecosystemId: string;
  programId: string;
  adminEmail: string;
  adminPassword: string;
  tutor: { userId: string; email: string };
  learner: { userId: string; email: string };
  /** Tutors of benchmark 10, one per booking. */
  bookingTutors: string[];
}

async function firstProgram(platform: Platform, ecosystemId: string): Promise<string> {
  const r = await platform.pools.owner.query<{ id: string }>('SELECT id FROM read.programs WHERE ecosystem_id = $1 ORDER BY name, id LIMIT 1', [ecosystemId]);
  if (!r.rows[0]) throw new Error('the demo ecosystem has no program');
  return r.rows[0].id;
}

/** Runs `fn` over `items`, at most `width` at a time. */
async function inParallel<T, R>(items: readonly T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  }));
  return out;
}

export async function seedSessionPeople(platform: Platform, file: string, bookingTutors: number): Promise<void> {
  const demo = platform.demo;
  if (!demo) throw new Error('the platform has no demo ecosystem (start it with seed: true)');
  const ecosystemId = demo.ecosystemId;
  const programId = await firstProgram(platform, ecosystemId);
  const leader: RoleInput[] = [{ ecosystemId, role: 'LEADER', programId }];
  const make = async (email: string, roles: RoleInput[]) => {
    const [first, last] = email.split('@')[0].split('.');
    return (await ensureUser(platform.services, { email, password: SESSION_PEOPLE_PASSWORD, firstName: first, lastName: last, roles })).userId;
  };
  const tutor = { email: 'tess.benchtutor@example.org', userId: '' };
  tutor.userId = await make(tutor.email, leader);
  const learner = { email: 'lee.benchlearner@example.org', userId: '' };
  learner.userId = await make(learner.email, [{ ecosystemId, role: 'STUDENT' }, { ecosystemId, role: 'PUPIL', programId }]);
  const tutors = await inParallel(Array.from({ length: bookingTutors }, (_, i) => i), 4, (i) => make(`booking.tutor${i}@example.org`, leader));
  const people: SessionPeople = {
    ecosystemId, programId, adminEmail: demo.ecosystemAdmin.email, adminPassword: demo.ecosystemAdmin.password, tutor, learner, bookingTutors: tutors,
  };
  await writeFile(file, JSON.stringify(people));
}
