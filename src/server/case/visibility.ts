import type { Viewer } from '../accounts/viewer';
import type { Visibility } from '../db/queries/investigations';

/** The visibility rule's inputs for a viewer. */
export function visibilityOf(viewer: Viewer): Visibility {
  return { userId: viewer.userId, seesAll: viewer.permissions.has('investigations.read_all') };
}
