import { evidencePages, evidencePageSlugs } from '../../../shared/findings/catalogue';
import { formatCount } from '../../../shared/wording';
import type { FindingReplies } from './finding-replies';
import { reportTable } from './finding-table';
import type { FindingTable } from './finding-table';
import type { ReportFindingPage } from './report-model';

/** The rows of each table a report prints; the export carries every row. */
export const REPORT_TABLE_ROWS = 12;

/**
 * The key findings of every evidence page: its anomaly count, its key figures from the
 * summary, the facts and charts its topics' detectors give (in catalogue order) and the first
 * rows of its tables.
 */
export function findingPages(
  f: FindingReplies,
  tables: readonly FindingTable[],
): ReportFindingPage[] {
  return evidencePageSlugs.map((slug) => {
    const parts = f.topics.filter((part) => part.page === slug);
    const figures = f.summary.figures
      .filter((figure) => figure.page === slug)
      .map((figure) => ({
        label: figure.label,
        value: `${formatCount(figure.value)}${figure.unit ?? ''}`,
        severity: figure.severity,
      }));
    return {
      slug,
      title: evidencePages[slug].title,
      anomalies: f.anomalyCounts.counts[slug] ?? 0,
      facts: [...figures, ...parts.flatMap((part) => part.facts)],
      charts: parts.flatMap((part) => part.charts).filter((chart) => chart.labels.length > 0),
      tables: tables
        .filter((table) => table.page === slug && table.rows.length > 0)
        .map((table) => reportTable(table, REPORT_TABLE_ROWS)),
    };
  });
}
