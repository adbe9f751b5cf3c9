/** A session's status from the clock (spec section 4; decision 0060), as the summary's status filter selects it. */
import { RECENT_HOURS, type SummaryStatus } from './admin-queries';

export function summaryStatus(row: { cancelled: boolean; pending: boolean; endAt: Date }, now: Date): SummaryStatus {
  if (row.cancelled) return 'CANCELLED';
  if (row.pending) return 'PENDING';
  if (row.endAt > now) return 'UPCOMING';
  return row.endAt.getTime() > now.getTime() - RECENT_HOURS * 3_600_000 ? 'RECENTLY_COMPLETED' : 'COMPLETED';
}
