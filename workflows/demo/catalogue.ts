/**
 * The demo content an ecosystem gets: programs with realistic names and descriptions, marked
 * isDemo so that every screen can tell them apart. "(Demo)" in the name keeps them from colliding
 * with a real program an admin already made. Ids derive from the job, so a retried step creates
 * the same program rather than a second one.
 */
import type { DemoItem } from '../../domain/job/demo-data/events';
import { deterministicUuid } from '../ids';

export interface DemoProgramTemplate {
  name: string;
  description: string;
}

export const DEMO_PROGRAMS: readonly DemoProgramTemplate[] = [
  {
    name: 'Math Foundations Tutoring (Demo)',
    description: 'Weekly one-on-one tutoring in arithmetic, fractions and early algebra for grades 3 to 6.',
  },
  {
    name: 'Reading & Writing Workshop (Demo)',
    description: 'Small-group sessions building reading fluency, comprehension and essay writing for middle schoolers.',
  },
  {
    name: 'STEM Mentoring Circle (Demo)',
    description: 'College mentors guide high-school students through science projects and career questions.',
  },
];

export interface PlannedDemoItem extends DemoItem {
  template: DemoProgramTemplate;
}

/** What a creation job adds, in order; the same for every attempt of the same job. */
export function demoPlan(jobId: string): PlannedDemoItem[] {
  return DEMO_PROGRAMS.map((template, index) => ({
    kind: 'program',
    id: deterministicUuid(`demo-data/${jobId}/program/${index}`),
    label: template.name,
    template,
  }));
}
