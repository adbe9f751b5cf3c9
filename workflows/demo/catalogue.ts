/**
 * The demo content an ecosystem gets: programs with realistic names, marked isDemo so that every
 * screen can tell them apart (and so that only they can ever be deleted). "(Demo)" in the name
 * keeps them apart from a real program an admin already made. Ids derive from the job, so a
 * retried step creates the same program rather than a second one.
 */
import type { DemoItem } from '../../domain/job/demo-data/events';
import { deterministicUuid } from '../ids';

export interface DemoProgramTemplate {
  name: string;
  shortName: string;
}

export const DEMO_PROGRAMS: readonly DemoProgramTemplate[] = [
  { name: 'Math Foundations Tutoring (Demo)', shortName: 'Math Demo' },
  { name: 'Reading & Writing Workshop (Demo)', shortName: 'Reading Demo' },
  { name: 'STEM Mentoring Circle (Demo)', shortName: 'STEM Demo' },
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
