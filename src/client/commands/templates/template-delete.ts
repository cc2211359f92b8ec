import { templateTarget } from '../../state/template-target';
import { defineCommand } from '../command';
import { templateCommandBlocked } from './template-availability';

/**
 * Deletes the template under the cursor, after a confirmation whose Cancel has the focus. Cases
 * opened from it keep their checklist; shipped templates cannot be deleted.
 */
export const templateDelete = defineCommand({
  id: 'template.delete',
  title: 'Delete Template…',
  category: 'Admin',
  keywords: ['remove', 'case template'],
  disabledReason: (c) => templateCommandBlocked('delete', c),
  run: () => templateTarget()?.remove(),
});
