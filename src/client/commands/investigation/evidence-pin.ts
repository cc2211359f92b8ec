import { currentPinDraft, pinDraftAtom, pinRefusal } from '../../state/pin-draft';
import { investigationQuery } from '../../api/investigations/get-investigation';
import { queryClient } from '../../api/query-client';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';
import { CLOSED_CASE_REASON, currentInvestigation } from './current-investigation';

/**
 * Pins the focused row (a finding row, a subject timeline event, an alert's event) to its
 * case's evidence, asking for a note first. A closed case is read-only: the command says so
 * before any dialog opens.
 */
export const evidencePin = defineCommand({
  id: 'evidence.pin',
  title: 'Pin to Evidence',
  category: 'Evidence',
  keywords: ['save', 'keep', 'bookmark'],
  disabledReason: (c) => {
    if (!c.permissions.has('evidence.write')) return 'Your role does not allow pinning evidence.';
    if (currentInvestigation(c)?.status === 'closed') return CLOSED_CASE_REASON;
    const refused = pinRefusal();
    if (refused) return refused;
    const draft = currentPinDraft();
    if (!draft) {
      return c.investigationId
        ? 'Move the focus to a row of a finding table or the timeline first (Tab, then j/k).'
        : 'Open an investigation first.';
    }
    const investigation = queryClient.getQueryData(
      investigationQuery(draft.investigationId).queryKey,
    );
    return investigation?.status === 'closed' ? CLOSED_CASE_REASON : null;
  },
  run: () => {
    const draft = currentPinDraft();
    if (draft) appStore.set(pinDraftAtom, draft);
  },
});
