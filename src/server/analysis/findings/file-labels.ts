import { ALL_FILES, UNLABELED } from '../../../shared/schemas/findings/file-access';
import { invalid } from '../../domain-error';
import type { FindingContext } from './finding-context';

/** A file's label as the findings name it: its own, or 'Unlabeled'. */
export const labelName = (label: string | undefined) => (label ? label : UNLABELED);

/** The label chosen on the file-access page: its name, and the rollup value to keep (null: every label). */
export interface ChosenLabel {
  name: string;
  /** The stored label ('' for files without one), or null for All Files. */
  filter: string | null;
}

/**
 * Resolves `?label` of the file-access endpoints: 'All Files' (or nothing) is every file,
 * 'Unlabeled' those without a label, otherwise a configured label (case aside).
 */
export function resolveLabel(ctx: FindingContext, label: string | undefined): ChosenLabel {
  if (label === undefined || label === ALL_FILES) return { name: ALL_FILES, filter: null };
  if (label === UNLABELED) return { name: UNLABELED, filter: '' };
  const known = ctx.config.sensitivityLabels.find((l) => l.toLowerCase() === label.toLowerCase());
  if (!known) {
    throw invalid(
      `That label is not a sensitivity label: use ${[ALL_FILES, ...ctx.config.sensitivityLabels, UNLABELED].map((l) => `"${l}"`).join(', ')}.`,
    );
  }
  return { name: known, filter: known };
}

/** The daily-rollup filter of a chosen label: nothing for All Files. */
export function labelFilter(chosen: ChosenLabel): { labels?: string[] } {
  return chosen.filter === null ? {} : { labels: [chosen.filter] };
}
