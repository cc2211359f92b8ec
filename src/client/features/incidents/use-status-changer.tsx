import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toast } from 'sonner';

import { incidentStatusLabels } from '../../../shared/incident-model';
import type { IncidentStatus } from '../../../shared/incident-model';
import { setIncidentStatusTarget } from '../../state/incident-status-target';
import { useUpdateIncidents } from '../../api/incidents/update-incident';
import { CommandButton } from '../../components/command-button';
import { DismissDialog } from './dismiss-dialog';

/**
 * Status changes for the incidents a screen has in hand (`ids`): the buttons and the
 * `incident.setStatus` command both call `change`; a dismissal, or a change to several incidents
 * (sent to the bulk endpoint, all or nothing), opens the reason dialog first.
 * Registers the screen as the command's target while it is shown.
 */
export function useStatusChanger(investigationId: string, ids: readonly string[]) {
  const update = useUpdateIncidents(investigationId);
  // Incidents waiting for a reason: a dismissal, or a change to several at once (all or nothing).
  const [asking, setAsking] = useState<{
    targets: readonly string[];
    status: IncidentStatus;
  } | null>(null);
  const idsRef = useRef(ids);
  useLayoutEffect(() => {
    idsRef.current = ids;
  }, [ids]);

  const apply = (targets: readonly string[], status: IncidentStatus, reason?: string) =>
    update.mutate(
      { ids: targets, body: { status, ...(reason ? { reason } : {}) } },
      {
        onSuccess: () => {
          toast.success(
            `${targets.length === 1 ? 'Incident' : `${targets.length} incidents`} ${incidentStatusLabels[status].toLowerCase()}`,
          );
          setAsking(null);
        },
        onError: (error) =>
          toast.error('Could not change the status', { description: error.message }),
      },
    );

  const change = (status: IncidentStatus) => {
    const targets = [...idsRef.current];
    if (targets.length === 0) return;
    if (status === 'dismissed' || targets.length > 1) setAsking({ targets, status });
    else apply(targets, status);
  };
  const changeRef = useRef(change);
  useLayoutEffect(() => {
    changeRef.current = change;
  });

  useEffect(
    () =>
      setIncidentStatusTarget({
        investigationId,
        incidentIds: () => [...idsRef.current],
        setStatus: (status) => changeRef.current(status),
      }),
    [investigationId],
  );

  const dialog = asking ? (
    <DismissDialog
      count={asking.targets.length}
      status={asking.status}
      busy={update.isPending}
      onCancel={() => setAsking(null)}
      onDismiss={(reason) => apply(asking.targets, asking.status, reason)}
    />
  ) : null;
  return { change, dialog, busy: update.isPending };
}

/** The status buttons of a screen; disabled with a reason when nothing is in hand or the role may not. */
export function StatusButtons(props: {
  onChange: (status: IncidentStatus) => void;
  count: number;
  canWrite: boolean;
  busy: boolean;
  current?: IncidentStatus;
}) {
  const why = !props.canWrite
    ? 'Your role does not allow changing incidents.'
    : props.count === 0
      ? 'Select incidents first (x).'
      : undefined;
  const button = (status: IncidentStatus, label: string) => (
    <CommandButton
      className="button small"
      disabled={props.busy}
      disabledReason={
        why ?? (props.current === status ? `Already ${incidentStatusLabels[status]}.` : undefined)
      }
      hint={`Set to ${incidentStatusLabels[status]} (or run “Set Incident Status…” from the palette)`}
      onClick={() => props.onChange(status)}
    >
      {label}
    </CommandButton>
  );
  return (
    <div className="toolbar" role="group" aria-label="Incident status">
      {button('acknowledged', 'Acknowledge')}
      {button('confirmed', 'Confirm')}
      {button('dismissed', 'Dismiss…')}
      {button('open', 'Reopen')}
    </div>
  );
}
