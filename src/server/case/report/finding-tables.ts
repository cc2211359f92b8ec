import { evidencePageSlugs } from '../../../shared/findings/catalogue';
import { activityTables } from './activity-tables';
import type { FindingReplies } from './finding-replies';
import type { FindingTable } from './finding-table';
import { movementTables } from './movement-tables';

/**
 * Every table of every finding a report reads, in evidence-page order. The export writes each
 * as a CSV; the report prints the first rows of those its pages show.
 */
export function findingTables(f: FindingReplies): FindingTable[] {
  const order = (page: string) => evidencePageSlugs.indexOf(page as never);
  return [...activityTables(f), ...movementTables(f)].sort((a, b) => order(a.page) - order(b.page));
}
