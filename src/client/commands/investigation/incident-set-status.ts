import { z } from 'zod';

import { incidentStatuses, incidentStatusLabels } from '../../../shared/incident-model';
import { incidentStatusTarget } from '../../state/incident-status-target';
import { defineCommand } from '../command';
import { CLOSED_CASE_REASON, currentInvestigation } from './current-investigation';

const args = z.object({ status: z.enum(incidentStatuses) });

const HINTS: Record<(typeof incidentStatuses)[number], string> = {
  open: 'Back to the queue',
  acknowledged: 'Someone is looking at it',
  confirmed: 'Part of the case',
  dismissed: 'Not a concern; asks for the reason',
};

/**
 * Sets the status of the open incident, or of the incidents selected in the list (x). A
 * dismissal asks for its reason on the screen; re-runs of the analysis keep the status.
 */
export const incidentSetStatus = defineCommand({
  id: 'incident.setStatus',
  title: 'Set Incident Status…',
  category: 'Incident',
  keywords: ['dismiss', 'acknowledge', 'confirm', 'triage'],
  disabledReason: (c) => {
    if (!c.permissions.has('evidence.write')) return 'Your role does not allow changing incidents.';
    if (currentInvestigation(c)?.status === 'closed') return CLOSED_CASE_REASON;
    const target = incidentStatusTarget();
    if (!target) return 'Open an incident, or the incident list, first.';
    return target.incidentIds().length > 0 ? null : 'Select incidents first (x in the list).';
  },
  choices: () =>
    incidentStatuses.map((status) => ({
      id: status,
      label: incidentStatusLabels[status],
      hint: HINTS[status],
      args: { status },
    })),
  run: (raw) => {
    const { status } = args.parse(raw);
    incidentStatusTarget()?.setStatus(status);
  },
});
