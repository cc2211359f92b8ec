import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';

import type {
  DetectionRule,
  ListDetectionRulesReply,
} from '../../../shared/schemas/detection-rules';
import { deleteDetectionRule } from '../../api/detection/delete-detection-rule';
import { detectionKeys } from '../../api/detection/keys';
import { setDetectionRuleTarget } from '../../state/detection-rule-target';
import { setDetectionRuleEnabled } from '../../api/detection/update-detection-rule';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';

/** What the rule list tells its actions. */
export interface RuleActionsOptions {
  /** The rule the keys act on now: the one under the cursor. */
  rule: () => DetectionRule | null;
  /** Told after a rule was deleted, before the list refreshes (the list moves its cursor). */
  onDeleted?: (rule: DetectionRule) => void;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The rule actions of the Detection rules screen: registers it as the target of the
 * `detectionRule.*` commands (keys, palette), switches rules on and off with one PATCH, deletes
 * after the confirmation, says what happened in a toast and refreshes the list. Returns the
 * actions for the screen's own buttons and the confirmation dialog to render, if open.
 */
export function useRuleActions(options: RuleActionsOptions): {
  toggle: (rule: DetectionRule) => void;
  askDelete: (rule: DetectionRule) => void;
  dialog: ReactNode;
} {
  const client = useQueryClient();
  const [deleting, setDeleting] = useState<DetectionRule | null>(null);
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  // One change at a time: a second key press while one is on its way does nothing.
  const busy = useRef(false);

  const toggle = async (rule: DetectionRule) => {
    if (busy.current) return;
    busy.current = true;
    try {
      const updated = await setDetectionRuleEnabled(rule.id, !rule.enabled);
      client.setQueryData<ListDetectionRulesReply>(detectionKeys.rules(), (old) =>
        old ? { ...old, rules: old.rules.map((r) => (r.id === updated.id ? updated : r)) } : old,
      );
      toast.success(`${updated.enabled ? 'Rule enabled' : 'Rule disabled'}: ${updated.title}`);
      void client.invalidateQueries({ queryKey: detectionKeys.all });
    } catch (error) {
      toast.error(`Could not ${rule.enabled ? 'disable' : 'enable'} ${rule.title}`, {
        description: describe(error),
      });
    } finally {
      busy.current = false;
    }
  };

  const actions = useRef({ toggle });
  useLayoutEffect(() => {
    actions.current = { toggle };
  });

  useEffect(
    () =>
      setDetectionRuleTarget({
        rule: () => latest.current.rule(),
        toggleEnabled: () => {
          const rule = latest.current.rule();
          if (rule) void actions.current.toggle(rule);
        },
        remove: () => {
          const rule = latest.current.rule();
          if (rule) setDeleting(rule);
        },
      }),
    [],
  );

  const dialog = deleting ? (
    <ConfirmDeleteDialog
      title="Delete detection rule?"
      action="Delete rule"
      onCancel={() => setDeleting(null)}
      onDelete={async () => {
        await deleteDetectionRule(deleting.id);
        latest.current.onDeleted?.(deleting);
        setDeleting(null);
        toast.success(`Rule deleted: ${deleting.title}`);
        client.setQueryData<ListDetectionRulesReply>(detectionKeys.rules(), (old) =>
          old ? { ...old, rules: old.rules.filter((r) => r.id !== deleting.id) } : old,
        );
        void client.invalidateQueries({ queryKey: detectionKeys.all });
      }}
    >
      <strong>{deleting.title}</strong> stops raising alerts and leaves the list. Alerts it already
      raised stay in the queue.
    </ConfirmDeleteDialog>
  ) : null;
  return {
    toggle: (rule) => void actions.current.toggle(rule),
    askDelete: setDeleting,
    dialog,
  };
}
