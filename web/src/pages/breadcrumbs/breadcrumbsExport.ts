/**
 * The CSV export: every event matching the filter (not only the rows on screen), fetched page by
 * page through the same GraphQL field the page reads, so tenant scope and permissions are the
 * page's own, then written with papaparse (csv.ts) in the reader's words and zone.
 */
import { fetchQuery, graphql, type Environment } from 'relay-runtime';
import type { AuditTranslate as Translate } from './AuditWords';
import type { breadcrumbsExportQuery, breadcrumbsExportQuery$data } from './__generated__/breadcrumbsExportQuery.graphql';
import { csvHeader, csvRow, toCsv, type CsvCell } from './csv';
import type { ServerFilter } from './filters';
import { viewerZone } from './time';

const query = graphql`
  query breadcrumbsExportQuery($ecosystemId: ID!, $filter: BreadcrumbFilter, $after: String) {
    getEcosystemBreadcrumbs(ecosystemId: $ecosystemId, filter: $filter, first: 500, after: $after) {
      edges { node { occurredAt eventType summary actorUserId actorName actorRole targetType targetName changes runId unreadable } }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

export interface ExportOptions {
  environment: Environment;
  ecosystemId: string;
  filter: ServerFilter;
  t: Translate;
  localeTag: string;
  onProgress?: (rows: number) => void;
  signal?: AbortSignal;
}

export async function exportCsv(o: ExportOptions): Promise<{ csv: string; rows: number }> {
  const zone = viewerZone();
  const rows: CsvCell[][] = [];
  let after: string | null = null;
  for (;;) {
    if (o.signal?.aborted) throw o.signal.reason;
    const page: breadcrumbsExportQuery$data | undefined = await fetchQuery<breadcrumbsExportQuery>(
      o.environment, query, { ecosystemId: o.ecosystemId, filter: o.filter, after }, { fetchPolicy: 'network-only' }).toPromise();
    if (!page) break;
    const connection: breadcrumbsExportQuery$data['getEcosystemBreadcrumbs'] = page.getEcosystemBreadcrumbs;
    rows.push(...connection.edges.map(({ node }) => csvRow(node, { t: o.t, localeTag: o.localeTag, zone })));
    o.onProgress?.(rows.length);
    if (!connection.pageInfo.hasNextPage || !connection.pageInfo.endCursor) break;
    after = connection.pageInfo.endCursor;
  }
  return { csv: toCsv(csvHeader(o.t), rows), rows: rows.length };
}
