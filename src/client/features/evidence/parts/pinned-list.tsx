import { useAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';

import type { Pin } from '../../../../shared/schemas/findings/pins';
import { hashLabel } from '../../../../shared/schemas/findings/pins';
import { pinChecksAtom, setPinnedTarget } from '../../../state/pinned-target';
import { usePins, verifyPin } from '../../../api/findings/pins';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableHandle } from '../../../components/data-table/data-table';
import { Tooltip } from '../../../components/tooltip';
import { useFillHeight } from '../../../components/use-fill-height';
import { fittedHeight } from './finding-table';
import { pinnedColumns, sourceOf } from './pinned-columns';
import type { PinRow } from './pinned-columns';
import { UnpinDialog } from './unpin-dialog';

/** Room the grid's toolbar (filter, columns, export) takes above its rows. */
const TOOLBAR_HEIGHT = 44;

/** Runs an action on the pin under the grid's cursor, if there is one. */
function onCursorRow(table: RefObject<DataTableHandle<PinRow> | null>, act: (pin: Pin) => void) {
  return () => {
    const pin = table.current?.cursorRow();
    if (pin) act(pin);
  };
}

/** Live pins first (newest first), then the tombstones of removed ones. */
function inOrder(pins: readonly Pin[]): Pin[] {
  return [...pins.filter((p) => !p.removed), ...pins.filter((p) => p.removed)];
}

/**
 * The evidence pinned to a case, as a grid that fits the screen: j/k move, `o` opens the pinned
 * item (an event's record in a dialog, a finding on its page with the row under the cursor),
 * `v` verifies the pin under the cursor (its hashes against the events as they are now),
 * Shift+D unpins it after asking why. Removed pins stay, struck through, with who and why.
 */
export function PinnedList(props: { investigationId: string; openEvent: (id: string) => void }) {
  const { investigationId, openEvent } = props;
  const pins = usePins(investigationId);
  const [checks, setChecks] = useAtom(pinChecksAtom);
  const [unpinning, setUnpinning] = useState<Pin | null>(null);
  const navigate = useNavigate();
  const table = useRef<DataTableHandle<PinRow>>(null);

  const verify = useCallback(
    (pin: Pin) => {
      verifyPin(investigationId, pin.id).then(
        (result) => {
          setChecks((all) => ({ ...all, [pin.id]: result }));
          if (result.status === 'intact')
            toast.success('Intact: the pinned evidence is unchanged', {
              description: `${hashLabel(result.hash)} ${result.recomputedSha256}`,
            });
          else if (result.status === 'changed')
            toast.error('Changed: the pinned evidence no longer matches', {
              description:
                result.recomputedSha256 !== result.contentSha256
                  ? `The stored content does not hash to its ${hashLabel(result.hash)}.`
                  : `Events changed or gone: ${result.raw
                      .filter((r) => r.status !== 'intact')
                      .map((r) => r.eventId)
                      .join(', ')}`,
            });
          else toast.info('Not hashed: this pin was made before the server captured evidence.');
        },
        (error: Error) => toast.error('Could not verify', { description: error.message }),
      );
    },
    [investigationId, setChecks],
  );
  const unpin = useCallback((pin: Pin) => {
    if (pin.removed) toast.info('This pin was already removed.');
    else setUnpinning(pin);
  }, []);

  useEffect(
    () =>
      setPinnedTarget({
        pin: () => table.current?.cursorRow() ?? null,
        verify: onCursorRow(table, verify),
        unpin: onCursorRow(table, unpin),
      }),
    [verify, unpin],
  );

  const columns = useMemo(() => pinnedColumns(investigationId), [investigationId]);

  const box = useRef<HTMLDivElement>(null);
  // As many rows as are pinned, up to the bottom of the pane: never cut off below the fold.
  const room = useFillHeight(box, 260);
  // A verification changes its row, so the grid redraws that row's status.
  const rows = useMemo(
    () => inOrder(pins.data?.pins ?? []).map((pin): PinRow => ({ ...pin, check: checks[pin.id] })),
    [pins.data, checks],
  );

  const open = (pin: Pin) => {
    if (pin.eventIds.length === 1 && (pin.kind === 'events' || pin.kind === 'event'))
      return openEvent(pin.eventIds[0]!);
    const source = sourceOf(investigationId, pin);
    if (source) return navigate(source.to);
    toast.info('This pin does not say which page it came from.');
  };
  return (
    <div ref={box}>
      <DataTable<PinRow>
        label="Pinned evidence"
        columns={columns}
        rows={rows}
        getRowId={(p) => p.id}
        loading={pins.isPending}
        height={fittedHeight(rows.length, room - TOOLBAR_HEIGHT)}
        emptyMessage="Nothing is pinned yet: press p on any finding row or timeline event."
        exportName="Pinned evidence"
        onOpen={open}
        tableRef={table}
        toolbarExtra={
          <>
            <Tooltip content="Re-hash the pin under the cursor against the events as they are now (v)">
              <button type="button" className="button small" onClick={onCursorRow(table, verify)}>
                Verify
              </button>
            </Tooltip>
            <Tooltip content="Remove the pin under the cursor; it stays as a tombstone (Shift+D)">
              <button type="button" className="button small" onClick={onCursorRow(table, unpin)}>
                Unpin…
              </button>
            </Tooltip>
          </>
        }
      />
      {unpinning ? (
        <UnpinDialog
          investigationId={investigationId}
          pin={unpinning}
          onClose={() => setUnpinning(null)}
        />
      ) : null}
    </div>
  );
}
