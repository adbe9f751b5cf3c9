/** Every event reactor the platform runs (docs/decisions/0069); add one line per reactor. */
import { courseSeatsReactor } from './course-seats';
import type { Reactor } from './types';

export function allReactors(): Reactor[] {
  return [
    courseSeatsReactor,
  ];
}
