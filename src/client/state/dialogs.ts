import { atom } from 'jotai';

import type { RuleFormat } from '../../shared/schemas/detection-rules';

/**
 * Which app-wide dialog is open. Commands, buttons and keys open them through this atom; the
 * shell renders them, so any screen (or the palette) can start "create investigation" or an
 * admin flow.
 */
export type OpenDialog =
  | { kind: 'createInvestigation'; subjectEmployeeId?: string; templateId?: string }
  | { kind: 'createUser' }
  | { kind: 'disableUser'; userId?: string }
  | { kind: 'assignRole'; userId?: string }
  | { kind: 'createRole' }
  | { kind: 'deleteRole'; roleId: string }
  | { kind: 'connectSource' }
  | { kind: 'changePassword' }
  | { kind: 'createApiToken' }
  /** With `rule`, the dialog starts from that text (a saved hunting search's rule, say). */
  | { kind: 'addDetectionRule'; rule?: { format: RuleFormat; source: string } }
  | { kind: 'createWatchlist' }
  | { kind: 'createChannel' }
  | { kind: 'createNotificationRule' }
  | { kind: 'editTemplate'; templateId?: string }
  | { kind: 'writeNote'; investigationId: string; amends?: { id: string; excerpt: string } }
  | { kind: 'closeInvestigation'; investigationId: string }
  | { kind: 'reopenInvestigation'; investigationId: string }
  | { kind: 'legalHold'; investigationId: string; change: 'place' | 'lift' }
  | { kind: 'revealIdentity'; investigationId: string; employeeId?: string }
  | { kind: 'withdrawReveal'; investigationId: string }
  | null;

export const openDialogAtom = atom<OpenDialog>(null);
