import type { FieldProblems } from '../../components/field-problems';

/**
 * The toast for a failed save: the brief's own message ("Failed to update investigation: Bad
 * Request"), then what is wrong beyond the fields, or where to look when the fields say it all.
 */
export function describeFailure(
  error: unknown,
  problems: FieldProblems<string>,
): { title: string; description: string } {
  return {
    title: error instanceof Error ? error.message : 'The investigation was not saved.',
    description: problems.form ?? 'The fields marked in the form say what to change.',
  };
}
