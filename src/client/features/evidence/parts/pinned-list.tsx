import { useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';

import { buildPath, routes } from '../../../../shared/routes';
import type { Pin } from '../../../../shared/schemas/findings/pins';
import { useDeletePin, usePins } from '../../../api/findings/pins';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../components/format';
import { useFillHeight } from '../../../components/use-fill-height';
import { fittedHeight } from './finding-table';
import { PIN_PARAM } from './pin-marks';

/** Room the grid's toolbar (filter, columns, export) takes above its rows. */
const TOOLBAR_HEIGHT = 44;

/** Where a pin came from, as a link's words and address; null when it does not say. */
function sourceOf(investigationId: string, pin: Pin): { label: string; to: string } | null {
  if (pin.page === 'incidents') {
    const incidentId = pin.snapshot.incidentId;
    const title = pin.snapshot.incidentTitle;
    if (typeof incidentId !== 'string') return null;
    return {
      label: typeof title === 'string' ? `Incident: ${title}` : 'Incident timeline',
      to: buildPath('incident', { id: investigationId, incidentId }),
    };
  }
  if (!pin.page) return null;
  const route = routes[`evidence.${pin.page}` as keyof typeof routes] as
    { title: string } | undefined;
  if (!route) return null;
  // The page opens on the pinned row (FindingTable reads ?pin=).
  return {
    label: route.title.replace(/^Evidence: /, ''),
    to: `${pin.page}?${new URLSearchParams({ [PIN_PARAM]: pin.ref }).toString()}`,
  };
}

function pinColumns(investigationId: string, unpin: (id: string) => void): DataTableColumn<Pin>[] {
  return [
    { id: 'label', header: 'Evidence', value: (p) => p.label },
    {
      id: 'page',
      header: 'From',
      value: (p) => sourceOf(investigationId, p)?.label ?? '—',
      cell: (p) => {
        const source = sourceOf(investigationId, p);
        return source ? (
          <Link to={source.to} tabIndex={-1}>
            {source.label}
          </Link>
        ) : (
          '—'
        );
      },
      width: 200,
    },
    { id: 'note', header: 'Note', value: (p) => p.note, width: 220 },
    { id: 'by', header: 'Pinned by', value: (p) => p.createdBy?.displayName ?? '—', width: 130 },
    {
      id: 'at',
      header: 'When',
      value: (p) => p.createdAt,
      cell: (p) => formatDateTime(p.createdAt),
      width: 170,
    },
    {
      id: 'unpin',
      header: '',
      value: () => '',
      sortable: false,
      width: 80,
      cell: (p) => (
        <button
          type="button"
          className="button small ghost"
          tabIndex={-1}
          onClick={() => unpin(p.id)}
          aria-label={`Unpin ${p.label}`}
        >
          Unpin
        </button>
      ),
    },
  ];
}

/**
 * The evidence pinned to a case, as a grid that fits the screen: j/k move, `o` opens the pinned
 * item (an event's record in a dialog, a finding on its page with the row under the cursor),
 * "From" links to where it was pinned.
 */
export function PinnedList(props: { investigationId: string; openEvent: (id: string) => void }) {
  const { investigationId, openEvent } = props;
  const pins = usePins(investigationId);
  const { mutate: unpin } = useDeletePin(investigationId);
  const navigate = useNavigate();
  const columns = useMemo(() => pinColumns(investigationId, unpin), [investigationId, unpin]);
  const box = useRef<HTMLDivElement>(null);
  // As many rows as are pinned, up to the bottom of the pane: never cut off below the fold.
  const room = useFillHeight(box, 260);
  const rows = pins.data?.pins ?? [];

  const open = (pin: Pin) => {
    if (pin.kind === 'event') return openEvent(pin.ref);
    const source = sourceOf(investigationId, pin);
    if (source) return navigate(source.to);
    toast.info('This pin does not say which page it came from.');
  };
  return (
    <div ref={box}>
      <DataTable<Pin>
        label="Pinned evidence"
        columns={columns}
        rows={rows}
        getRowId={(p) => p.id}
        loading={pins.isPending}
        height={fittedHeight(rows.length, room - TOOLBAR_HEIGHT)}
        emptyMessage="Nothing is pinned yet: press p on any finding row or timeline event."
        exportName="Pinned evidence"
        onOpen={open}
      />
    </div>
  );
}
