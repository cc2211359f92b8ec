import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';

import { deleteChannel, setChannelEnabled } from '../../api/notifications/channels';
import { notificationKeys } from '../../api/notifications/keys';
import { setNotificationItemTarget } from '../../state/notification-target';
import { deleteRule, setRuleEnabled } from '../../api/notifications/rules';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';

interface Item {
  id: string;
  name: string;
  enabled: boolean;
}

const ACTIONS = {
  channel: { toggle: setChannelEnabled, remove: deleteChannel },
  rule: { toggle: setRuleEnabled, remove: deleteRule },
} as const;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The switch (e), edit (Enter on a row, or the palette) and delete (Delete, after a
 * confirmation whose Cancel has the focus) of the channel or rule under the cursor: registers
 * the screen as the target of those commands, says what happened and refreshes the lists.
 * Returns the dialog to render, if one is open, and `edit` for a row opened with Enter.
 */
export function useItemActions<T extends Item>(
  kind: 'channel' | 'rule',
  current: () => T | null,
  renderEdit: (item: T, close: () => void) => ReactNode,
): { dialog: ReactNode; edit: (item: T) => void } {
  const client = useQueryClient();
  const [deleting, setDeleting] = useState<Item | null>(null);
  const [editing, setEditing] = useState<T | null>(null);
  const latest = useRef(current);
  useLayoutEffect(() => {
    latest.current = current;
  });
  const busy = useRef(false);

  useEffect(
    () =>
      setNotificationItemTarget({
        kind,
        name: () => latest.current()?.name ?? null,
        toggleEnabled: () => {
          const item = latest.current();
          if (!item || busy.current) return;
          busy.current = true;
          ACTIONS[kind]
            .toggle(item.id, !item.enabled)
            .then(
              (updated) => toast.success(`${updated.enabled ? 'On' : 'Off'}: ${updated.name}`),
              (error: unknown) =>
                toast.error(`Could not switch ${item.name}`, { description: describe(error) }),
            )
            .finally(() => {
              busy.current = false;
              void client.invalidateQueries({ queryKey: notificationKeys.all });
            });
        },
        edit: () => {
          const item = latest.current();
          if (item) setEditing(item);
        },
        remove: () => {
          const item = latest.current();
          if (item) setDeleting(item);
        },
      }),
    [kind, client],
  );

  if (editing) return { dialog: renderEdit(editing, () => setEditing(null)), edit: setEditing };
  const dialog = deleting ? (
    <ConfirmDeleteDialog
      title={`Delete notification ${kind}?`}
      action={`Delete ${kind}`}
      onCancel={() => setDeleting(null)}
      onDelete={async () => {
        await ACTIONS[kind].remove(deleting.id);
        setDeleting(null);
        toast.success(`Deleted: ${deleting.name}`);
        await client.invalidateQueries({ queryKey: notificationKeys.all });
      }}
    >
      <strong>{deleting.name}</strong>{' '}
      {kind === 'channel'
        ? 'is removed: nothing more is sent to it.'
        : 'is removed: it sends nothing more.'}
    </ConfirmDeleteDialog>
  ) : null;
  return { dialog, edit: setEditing };
}
