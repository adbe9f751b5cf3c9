/**
 * Where a big job's result file lives (decision 0075): one part per chunk in the file storage
 * (infra/storage), `big-jobs/<jobId>/part-<n>.csv`, rows without a header. The download route
 * answers the header, then the parts in order: the file is never assembled in memory.
 */
export function partKey(jobId: string, index: number): string {
  return `big-jobs/${jobId.toLowerCase()}/part-${index}.csv`;
}
