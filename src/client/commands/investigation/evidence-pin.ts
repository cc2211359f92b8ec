import { currentPinDraft, pinDraftAtom } from '../../api/findings/pin-draft';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';

/** Pins the focused finding row to the investigation's evidence, asking for a note first. */
export const evidencePin = defineCommand({
  id: 'evidence.pin',
  title: 'Pin to Evidence',
  category: 'Evidence',
  keywords: ['save', 'keep', 'bookmark'],
  disabledReason: (c) => {
    if (!c.investigationId) return 'Open an investigation first.';
    if (!c.permissions.has('evidence.write')) return 'Your role does not allow pinning evidence.';
    return currentPinDraft()
      ? null
      : 'Move the focus to a row of a finding table first (Tab, then j/k).';
  },
  run: () => {
    const draft = currentPinDraft();
    if (draft) appStore.set(pinDraftAtom, draft);
  },
});
