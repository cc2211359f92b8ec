import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';

import type { CaseTemplate } from '../../../shared/schemas/templates';
import { deleteTemplate } from '../../api/templates/delete-template';
import { templateKeys } from '../../api/templates/keys';
import { setTemplateTarget } from '../../state/template-target';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';

/**
 * The Templates screen's part in the `template.*` commands: registers the list as their target
 * (the template under the cursor), and owns the delete confirmation. Returns the action for the
 * screen's own button and the dialog to render, if open.
 */
export function useTemplateActions(options: {
  template: () => CaseTemplate | null;
  onDeleted?: (template: CaseTemplate) => void;
}): { askDelete: (template: CaseTemplate) => void; dialog: ReactNode } {
  const client = useQueryClient();
  const [deleting, setDeleting] = useState<CaseTemplate | null>(null);
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  useEffect(
    () =>
      setTemplateTarget({
        template: () => latest.current.template(),
        remove: () => {
          const template = latest.current.template();
          if (template) setDeleting(template);
        },
      }),
    [],
  );

  const dialog = deleting ? (
    <ConfirmDeleteDialog
      title="Delete template?"
      action="Delete template"
      onCancel={() => setDeleting(null)}
      onDelete={async () => {
        await deleteTemplate(deleting.id);
        latest.current.onDeleted?.(deleting);
        setDeleting(null);
        toast.success(`Template deleted: ${deleting.name}`);
        void client.invalidateQueries({ queryKey: templateKeys.all });
      }}
    >
      <strong>{deleting.name}</strong> leaves the list. Investigations opened from it keep their
      checklist.
    </ConfirmDeleteDialog>
  ) : null;
  return { askDelete: setDeleting, dialog };
}
