import { describe, expect, it } from 'vitest';
import { demoDataMessages, jobMessages } from '../../domain/job/messages';
import { INTERNAL_FAILURE, STALLED_FAILURE } from '../../workflows/failures';
import { jobsResolvers } from '../jobs/resolvers';
import type { RequestContext } from '../context';
import { catalogues, translateStored } from './catalogue';

describe('sentences stored in English (a job\'s failure)', () => {
  it('are the catalogue\'s own words: the workflow sandbox keeps copies, which must not drift', () => {
    expect(INTERNAL_FAILURE).toBe(jobMessages.internalFailure.english);
    expect(STALLED_FAILURE).toBe(jobMessages.stalledFailure.english);
  });

  it('read in the reader\'s language when they are catalogue sentences, and as they are otherwise', () => {
    expect(translateStored(demoDataMessages.exists.english, 'es')).toBe(catalogues.es['demoData.exists']);
    expect(translateStored(STALLED_FAILURE, 'es')).toBe(catalogues.es['job.stalledFailure']);
    expect(translateStored(STALLED_FAILURE, 'en')).toBe(STALLED_FAILURE);
    expect(translateStored('Something only a log would say', 'es')).toBe('Something only a log would say');
  });

  it('reach the BatchJob.error field in the request\'s language', () => {
    const error = (jobsResolvers.BatchJob as { error: (job: { error: string | null }, args: unknown, ctx: Pick<RequestContext, 'locale'>) => string | null }).error;
    expect(error({ error: INTERNAL_FAILURE }, {}, { locale: 'es' })).toBe(catalogues.es['job.internalFailure']);
    expect(error({ error: null }, {}, { locale: 'es' })).toBeNull();
  });
});
