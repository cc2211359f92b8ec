import { atom } from 'jotai';
import { atomFamily } from 'jotai-family';

import { registerInvestigationFamily } from '../../workspace/investigation-state';

/** What an investigator chose on the evidence pages of one case. */
export interface EvidenceUiState {
  /** `?window` of every finding: 'all' or a number of days such as '30d'. */
  window: string;
  /** The last file-access label chosen (the URL's `label` wins when present). */
  fileLabel: string;
  /** Hops of the contact graph. */
  hops: number;
  /** Filters of the app-access list. */
  accessApp: string;
}

const initial: EvidenceUiState = { window: 'all', fileLabel: 'All Files', hops: 1, accessApp: '' };

/** Per-case evidence UI state, released when the last tab showing the case closes. */
export const evidenceUiFamily = registerInvestigationFamily(
  atomFamily((_investigationId: string) => atom<EvidenceUiState>(initial)),
);
