import { evidencePageSlugs } from '../../../shared/findings/catalogue';
import type { FindingReplies } from './finding-replies';
import type { FindingTable } from './finding-table';

/**
 * Every table of every finding a report reads, in evidence-page order (a page's tables in
 * catalogue order of their topics), each filed as `<page>/<name>.csv`. The export writes each
 * as a CSV; the report prints the first rows of those its pages show.
 */
export function findingTables(f: FindingReplies): FindingTable[] {
  return evidencePageSlugs.flatMap((page) =>
    f.topics
      .filter((part) => part.page === page)
      .flatMap((part) =>
        part.tables.map((table) => ({ ...table, file: `${page}/${table.name}.csv`, page })),
      ),
  );
}
