import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';

import { buildPath } from '../../../shared/routes';
import type { QuarantinedRecord } from '../../../shared/schemas/quarantine';
import { COMMAND_LINE_QUARANTINE } from '../../../shared/schemas/quarantine';
import { usePermissions } from '../../api/auth/me';
import { HttpError } from '../../api/http-error';
import { useDiscardQuarantined } from '../../api/integrations/discard-quarantined';
import { downloadQuarantine } from '../../api/integrations/download-quarantine';
import { integrationQuery } from '../../api/integrations/get-integration';
import { integrationKeys } from '../../api/integrations/keys';
import { fetchQuarantine } from '../../api/integrations/list-quarantine';
import { useRetryQuarantine } from '../../api/integrations/retry-quarantine';
import { mayOpenRoute } from '../../commands/navigation/route-access';
import { runCommand } from '../../commands/run-command';
import { CommandButton } from '../../components/command-button';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableHandle, ServerSource } from '../../components/data-table/data-table';
import { EmptyState } from '../../components/empty-state';
import { formatNumber } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { ReasonDialog } from '../../components/reason-dialog';
import { useKeyLabel } from '../../keymap/key-hint';
import { setQuarantineScreen } from '../../state/quarantine-screen';
import { workspace } from '../../workspace/workspace-controller';
import { integrationError } from './integration-errors';
import { quarantineColumns } from './quarantine-columns';
import { QuarantineReasons } from './quarantine-reasons';
import { retryOutcome, retryRefusal } from './quarantine-retry-outcome';
import { RawRecordDialog } from './raw-record-dialog';
import './integrations.css';

/** Records per page; the next page is fetched as the cursor nears the end. */
const PAGE_SIZE = 100;

/**
 * The quarantine of one integration (or of command-line batches): the records that could not
 * become events, grouped by reason with counts, oldest first. j/k move, Enter or o shows a
 * record's raw text, r tries them all again, e downloads them as NDJSON, Delete discards the
 * record under the cursor (with a reason, audited). The reason filter lives in the URL.
 */
export default function QuarantinePage() {
  const permissions = usePermissions();
  const { integrationId = '' } = useParams<{ integrationId: string }>();
  if (!mayOpenRoute('integrationQuarantine', permissions)) {
    return (
      <div className="page">
        <EmptyState title="You cannot manage integrations">
          Your role does not include connecting log sources or reading what they set aside.
        </EmptyState>
      </div>
    );
  }
  return <Quarantine key={integrationId} quarantineId={integrationId} />;
}

function Quarantine(props: { quarantineId: string }) {
  const { quarantineId } = props;
  const commandLine = quarantineId === COMMAND_LINE_QUARANTINE;
  const [params, setParams] = useSearchParams();
  const reason = params.get('reason') ?? undefined;
  const integration = useQuery({ ...integrationQuery(quarantineId), enabled: !commandLine });
  const [retryingHere, setRetryingHere] = useState(false);
  const summary = useQuery({
    queryKey: [...integrationKeys.quarantine(quarantineId), 'summary'],
    queryFn: ({ signal }) => fetchQuarantine(quarantineId, { limit: 1 }, signal),
    // While a retry runs (here or elsewhere), its end shows by itself.
    refetchInterval: (query) => (query.state.data?.retrying ? 2000 : false),
  });
  const retry = useRetryQuarantine();
  const discard = useDiscardQuarantined();
  const table = useRef<DataTableHandle<QuarantinedRecord>>(null);
  const [cursorId, setCursorId] = useState<string | null>(null);
  const [opened, setOpened] = useState<QuarantinedRecord | null>(null);
  const [discarding, setDiscarding] = useState<QuarantinedRecord | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const retryKey = useKeyLabel('quarantine.retry');
  const downloadKey = useKeyLabel('quarantine.download');
  const discardKey = useKeyLabel('quarantine.discard');

  const source = useMemo<ServerSource<QuarantinedRecord>>(
    () => ({
      key: [...integrationKeys.quarantine(quarantineId), 'records', reason ?? null],
      fetchPage: async ({ cursor, signal }) => {
        const page = await fetchQuarantine(
          quarantineId,
          { reason, cursor: cursor === null ? undefined : Number(cursor), limit: PAGE_SIZE },
          signal,
        );
        const total = reason
          ? (page.reasons.find((r) => r.reason === reason)?.count ?? 0)
          : page.total;
        return {
          rows: page.records,
          nextCursor: page.nextCursor === null ? null : String(page.nextCursor),
          total,
        };
      },
    }),
    [quarantineId, reason],
  );

  const retrying = retryingHere || retry.isPending || Boolean(summary.data?.retrying);
  const live = useRef<{ retrying: boolean; startRetry: () => void }>({
    retrying,
    startRetry: () => undefined,
  });
  live.current.retrying = retrying;
  live.current.startRetry = () => {
    if (retry.isPending) return;
    setOutcome(null);
    setRetryingHere(true);
    retry.mutate(quarantineId, {
      onSuccess: (reply) => setOutcome({ tone: 'success', text: retryOutcome(reply) }),
      onError: (error) => setOutcome({ tone: 'error', text: retryRefusal(error) }),
      onSettled: () => setRetryingHere(false),
    });
  };

  useEffect(
    () =>
      setQuarantineScreen({
        quarantineId,
        record: () => table.current?.cursorRow() ?? null,
        retrying: () => live.current.retrying,
        retry: () => live.current.startRetry(),
        download: () => {
          downloadQuarantine(quarantineId);
          toast.success('Downloading the quarantine as NDJSON');
        },
        discard: () => setDiscarding(table.current?.cursorRow() ?? null),
      }),
    [quarantineId],
  );

  if (integration.error) {
    const missing = integration.error instanceof HttpError && integration.error.status === 404;
    return (
      <div className="page">
        <EmptyState
          title={missing ? 'There is no such integration' : 'The quarantine could not be loaded'}
        >
          {missing
            ? 'It may have been deleted. The Integrations screen lists those connected.'
            : integrationError(integration.error)}
        </EmptyState>
      </div>
    );
  }

  const name = commandLine ? 'command-line batches' : (integration.data?.name ?? '…');
  const total = summary.data?.total;
  const current = cursorId !== null;
  const setReason = (next: string | null) => {
    const search = new URLSearchParams(params);
    if (next === null) search.delete('reason');
    else search.set('reason', next);
    setParams(search, { replace: true });
  };

  return (
    <div className="page quarantine-page">
      <PageHeader
        title={`Quarantine of ${name}`}
        subtitle={
          total === undefined
            ? 'Records that could not become events, with why.'
            : total === 0
              ? 'Nothing is set aside: every record became an event.'
              : `${formatNumber(total)} record${total === 1 ? '' : 's'} set aside because they could not become events. Fix the cause (settings, parser), then try them again.`
        }
        actions={
          <>
            <CommandButton
              className="button small primary"
              disabledReason={retrying ? 'A retry of this quarantine is running.' : null}
              hint={
                retryKey ? `Re-read every record through the pipeline (${retryKey})` : undefined
              }
              onClick={() => void runCommand('quarantine.retry', undefined, 'button')}
            >
              {retrying ? 'Trying again…' : 'Try again'}
              {retryKey ? <kbd aria-hidden="true">{retryKey}</kbd> : null}
            </CommandButton>
            <CommandButton
              className="button small"
              hint={downloadKey ? `One record a line, as read (${downloadKey})` : undefined}
              onClick={() => void runCommand('quarantine.download', undefined, 'button')}
            >
              Download NDJSON
              {downloadKey ? <kbd aria-hidden="true">{downloadKey}</kbd> : null}
            </CommandButton>
            <CommandButton
              className="button small"
              disabledReason={current ? null : 'Move to a record first (j/k).'}
              hint={discardKey ? `Discard the record under the cursor (${discardKey})` : undefined}
              onClick={() => void runCommand('quarantine.discard', undefined, 'button')}
            >
              Discard…{discardKey ? <kbd aria-hidden="true">{discardKey}</kbd> : null}
            </CommandButton>
            {commandLine ? null : (
              <button
                type="button"
                className="button small ghost"
                onClick={() =>
                  workspace.navigate(
                    buildPath('integrationSettings', { integrationId: quarantineId }),
                  )
                }
              >
                Settings
              </button>
            )}
          </>
        }
      />
      <div className="stack">
        {outcome ? (
          <div className={`alert ${outcome.tone}`} role="status">
            {outcome.text}
          </div>
        ) : null}
        <QuarantineReasons
          reasons={summary.data?.reasons ?? []}
          total={total ?? 0}
          chosen={reason ?? null}
          onChoose={setReason}
        />
      </div>
      <DataTable
        label="Quarantined records"
        columns={quarantineColumns}
        source={source}
        getRowId={(r) => String(r.id)}
        height="fill"
        exportName={`quarantine-${quarantineId}`}
        filterable={false}
        mainGrid
        tableRef={table}
        onCursorChange={setCursorId}
        onOpen={(record) => setOpened(record)}
        emptyMessage={
          reason
            ? 'No record is set aside for this reason any more.'
            : 'Nothing is in quarantine: every record of every batch became an event.'
        }
      />
      {opened ? <RawRecordDialog record={opened} onClose={() => setOpened(null)} /> : null}
      {discarding ? (
        <ReasonDialog
          title={`Discard record #${discarding.position} of run ${discarding.runId}?`}
          action="Discard record"
          hint="Kept in the audit log with the record's place and why it was set aside. The record itself is gone for good: download the quarantine first to keep a copy. Ctrl+Enter discards."
          formId="discard-quarantined"
          pending={discard.isPending}
          error={discard.error}
          onClose={() => {
            discard.reset();
            setDiscarding(null);
          }}
          onSubmit={(why) =>
            discard.mutate(
              { id: quarantineId, recordId: discarding.id, reason: why },
              {
                onSuccess: () => {
                  toast.success(`Record #${discarding.position} discarded`);
                  setDiscarding(null);
                },
              },
            )
          }
        />
      ) : null}
    </div>
  );
}
