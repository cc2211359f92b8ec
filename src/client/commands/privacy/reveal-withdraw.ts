import { toast } from 'sonner';

import { caseRevealsQuery } from '../../api/privacy/case-reveals';
import { queryClient } from '../../api/query-client';
import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';
import type { CommandContext } from '../command';
import { ownPendingReveals } from './own-pending-reveals';

const NOTHING = 'You have no request waiting to reveal someone in this investigation.';

function blocked(context: CommandContext): string | null {
  if (!context.investigationId) return 'Open an investigation first.';
  const own = ownPendingReveals(context.investigationId, context.me?.user.id);
  // Not loaded yet: run() fetches them and says so when there is none.
  return own && own.length === 0 ? NOTHING : null;
}

/**
 * Withdraws the caller's own pending request to reveal someone in the current case, after a
 * confirmation that names the person and the purpose (i w).
 */
export const revealWithdraw = defineCommand({
  id: 'reveal.withdraw',
  title: 'Withdraw Reveal Request…',
  category: 'People',
  keywords: ['reveal', 'identity', 'cancel', 'retract', 'request', 'privacy', 'pseudonym'],
  disabledReason: blocked,
  run: async (_args, context) => {
    const investigationId = context.investigationId!;
    await queryClient.fetchQuery(caseRevealsQuery(investigationId));
    if (blocked(context)) {
      toast.message('Withdraw Reveal Request', { description: NOTHING });
      return;
    }
    appStore.set(openDialogAtom, { kind: 'withdrawReveal', investigationId });
  },
});
