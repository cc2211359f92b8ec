import {
  ACTION_NAMES,
  DESTINATION_NAMES,
  keyOfName,
} from '../../../../shared/findings/file-flow-names';
import type { FileSankeyReply } from '../../../../shared/schemas/findings/file-access';
import type { TimelineLink } from '../../../../shared/schemas/subject-timeline';

/** Activities whose events count as file flows only when they name a destination. */
const OUTBOUND = new Set(['email_send', 'chat_file_share']);
const NAMED_DESTINATIONS = Object.keys(DESTINATION_NAMES).join(',');

/**
 * The subject timeline's filters for one flow of the file diagram: a label's files through an
 * action, or an action's files to a destination (of the chosen label, when there is one).
 * Null for a flow to a place no event names (a download's "Local device"): the timeline cannot
 * ask for events without a destination.
 */
export function fileFlowFilter(
  sankey: FileSankeyReply,
  linkIndex: number,
  chosenLabel: string | null,
): TimelineLink | null {
  const link = sankey.links[linkIndex];
  const from = link ? sankey.nodes[link.source] : undefined;
  const to = link ? sankey.nodes[link.target] : undefined;
  if (!from || !to) return null;
  const actionNode = from.column === 'action' ? from : to;
  const activity = keyOfName(ACTION_NAMES, actionNode.label) ?? actionNode.label;
  const scope: TimelineLink = OUTBOUND.has(activity)
    ? { activity, destination: NAMED_DESTINATIONS }
    : { activity, category: 'file' };
  if (from.column === 'label') return { ...scope, label: from.label };
  const destination = keyOfName(DESTINATION_NAMES, to.label);
  if (!destination) return null;
  return { ...scope, destination, ...(chosenLabel ? { label: chosenLabel } : {}) };
}
