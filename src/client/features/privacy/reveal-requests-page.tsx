import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';

import { revealStatuses } from '../../../shared/schemas/privacy';
import type { Reveal, RevealStatus } from '../../../shared/schemas/privacy';
import { useMe, usePermissions } from '../../api/auth/me';
import { useDecideReveal, useRevealRequests } from '../../api/privacy/reveal-requests';
import { setRevealTarget } from '../../state/reveal-target';
import { mayOpenRoute } from '../../commands/navigation/route-access';
import { revealDecisionBlocked } from '../../commands/privacy/reveal-availability';
import { runCommand } from '../../commands/run-command';
import { CommandButton } from '../../components/command-button';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableHandle } from '../../components/data-table/data-table';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { useKeyLabel } from '../../keymap/key-hint';
import { DenyRevealDialog } from './deny-reveal-dialog';
import { revealColumns } from './reveal-columns';
import { revealStatusLabels } from './reveal-status';
import './privacy.css';

const isStatus = (value: string | null): value is RevealStatus =>
  value !== null && (revealStatuses as readonly string[]).includes(value);

/**
 * Reveal requests, for privacy officers (and admins): every case's requests to reveal who a
 * person is, pending first, by case title and pseudonym. j/k move; a approves and d denies
 * (with a reason) the request under the cursor; the status filter lives in the URL.
 */
export default function RevealRequestsPage() {
  const permissions = usePermissions();
  const me = useMe();
  if (me.isPending) return null;
  if (!mayOpenRoute('privacyReveals', permissions))
    return (
      <div className="page">
        <PageHeader title="Reveal requests" />
        <EmptyState title="Reveal requests are for privacy officers">
          Deciding who may see a person&apos;s identity needs the permission to approve reveals.
        </EmptyState>
      </div>
    );
  return <RevealRequests userId={me.data?.user.id} />;
}

function RevealRequests(props: { userId: string | undefined }) {
  const permissions = usePermissions();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : undefined;
  const requests = useRevealRequests(status);
  const decide = useDecideReveal();
  const table = useRef<DataTableHandle<Reveal>>(null);
  const [cursorId, setCursorId] = useState<string | null>(null);
  const [denying, setDenying] = useState<Reveal | null>(null);
  const approveKey = useKeyLabel('reveal.approve');
  const denyKey = useKeyLabel('reveal.deny');
  const rows = requests.data?.reveals;
  const current = rows?.find((r) => r.id === cursorId) ?? null;
  const blocked = revealDecisionBlocked(permissions, props.userId, current);

  useEffect(
    () =>
      setRevealTarget({
        reveal: () => table.current?.cursorRow() ?? null,
        approve: () => {
          const reveal = table.current?.cursorRow();
          if (!reveal) return;
          decide.mutate(
            { id: reveal.id, decision: 'approve' },
            {
              onSuccess: (done) =>
                toast.success(
                  `Approved: ${done.pseudonym} revealed in “${done.investigationTitle}”`,
                ),
              onError: (error) => toast.error('Not approved', { description: error.message }),
            },
          );
        },
        deny: () => setDenying(table.current?.cursorRow() ?? null),
      }),
    [decide],
  );

  return (
    <div className="page reveal-requests-page">
      <PageHeader
        title="Reveal requests"
        subtitle="Requests to see who a pseudonymized person is, pending first. Each one holds for its investigation only, and expires."
        actions={
          <>
            <CommandButton
              className="button small primary"
              disabledReason={blocked}
              hint={approveKey ? `Approve (${approveKey})` : 'Approve'}
              onClick={() => void runCommand('reveal.approve', undefined, 'button')}
            >
              Approve{approveKey ? <kbd aria-hidden="true">{approveKey}</kbd> : null}
            </CommandButton>
            <CommandButton
              className="button small"
              disabledReason={blocked}
              hint={denyKey ? `Deny, with a reason (${denyKey})` : 'Deny, with a reason'}
              onClick={() => void runCommand('reveal.deny', undefined, 'button')}
            >
              Deny…{denyKey ? <kbd aria-hidden="true">{denyKey}</kbd> : null}
            </CommandButton>
          </>
        }
      />
      {requests.isError ? (
        <div className="alert error">
          The requests could not be loaded: {requests.error.message}
        </div>
      ) : null}
      <DataTable
        label="Reveal requests"
        columns={revealColumns}
        rows={rows ?? EMPTY}
        loading={requests.isPending}
        getRowId={(r) => r.id}
        height="fill"
        exportName="reveal-requests"
        mainGrid
        tableRef={table}
        onCursorChange={setCursorId}
        emptyMessage={
          status ? `No ${revealStatusLabels[status].toLowerCase()} request.` : 'No request yet.'
        }
        toolbarExtra={
          <select
            className="select"
            aria-label="Status"
            value={status ?? ''}
            onChange={(event) => {
              const next = new URLSearchParams(params);
              if (event.target.value) next.set('status', event.target.value);
              else next.delete('status');
              setParams(next, { replace: true });
            }}
          >
            <option value="">All statuses, pending first</option>
            {revealStatuses.map((s) => (
              <option key={s} value={s}>
                {revealStatusLabels[s]}
              </option>
            ))}
          </select>
        }
      />
      {denying ? (
        <DenyRevealDialog
          reveal={denying}
          onCancel={() => setDenying(null)}
          onDeny={async (reason) => {
            const done = await decide.mutateAsync({ id: denying.id, decision: 'deny', reason });
            toast.success(`Denied: ${done.pseudonym} stays pseudonymized`);
            setDenying(null);
          }}
        />
      ) : null}
    </div>
  );
}

const EMPTY: Reveal[] = [];
