import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';

import type { PivotHow } from '../../../shared/hunt/query-text';
import { pivotValuesOf } from '../../../shared/hunt/row-fields';
import { buildPath } from '../../../shared/routes';
import type { HuntRow } from '../../../shared/schemas/hunt';
import { usePermissions } from '../../api/auth/me';
import { fetchHuntEvent } from '../../api/hunt/hunt';
import { runCommand } from '../../commands/run-command';
import { Dialog } from '../../components/dialog';
import { formatDateTimeWithZone } from '../../components/format';
import { KeyHint } from '../../keymap/key-hint';
import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { PIVOT_KEYS } from './hunt-facets';

/**
 * A row opened: its fields, each a pivot (search this value, add it, exclude it); its person's
 * timeline (every event of theirs, newest first), alerts, and a case about them; pinning it to
 * a case about them (p); and the raw record as received (redacted by the server like every
 * reply).
 */
export function HuntEventDialog(props: {
  row: HuntRow;
  onClose: () => void;
  onPivot: (field: string, value: string, how: PivotHow) => void;
}) {
  const { row } = props;
  const granted = usePermissions();
  const full = useQuery({
    queryKey: ['hunt', 'event', row.id],
    queryFn: () => fetchHuntEvent(row.id),
  });
  return (
    <Dialog title={`Event ${row.id}`} wide onClose={props.onClose}>
      <p>
        {formatDateTimeWithZone(row.time)} · {row.summary}
      </p>
      <table className="hunt-pivots">
        <tbody>
          {pivotValuesOf(row).map(({ label, field, value }) => (
            <tr key={field}>
              <th scope="row">{label}</th>
              <td className="mono">{value}</td>
              <td>
                <button
                  type="button"
                  className="button small"
                  title="Enter or s searches this value, a adds it (AND), n excludes it (NOT)"
                  onClick={() => props.onPivot(field, value, 'only')}
                  onKeyDown={(event) => {
                    const how = PIVOT_KEYS[event.key];
                    if (!how || event.ctrlKey || event.metaKey || event.altKey) return;
                    event.preventDefault();
                    event.stopPropagation();
                    props.onPivot(field, value, how);
                  }}
                >
                  Search {label.toLowerCase()}
                </button>{' '}
                <button
                  type="button"
                  className="button small"
                  onClick={() => props.onPivot(field, value, 'and')}
                >
                  AND
                </button>{' '}
                <button
                  type="button"
                  className="button small"
                  onClick={() => props.onPivot(field, value, 'not')}
                >
                  NOT
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {row.person ? (
        <section className="hunt-person" aria-label={`About ${row.person.fullName}`}>
          <h3>{row.person.fullName}</h3>
          <div className="toolbar">
            <button
              type="button"
              className="button small"
              onClick={() => props.onPivot('person', row.person!.pseudonym, 'only')}
            >
              Timeline of {row.person.fullName}
            </button>
            <Link
              className="button small"
              to={buildPath('alerts', {}, { employeeId: row.person.id })}
            >
              Alerts about {row.person.fullName}
            </Link>
            <button
              type="button"
              className="button small"
              disabled={!granted.has('investigations.write')}
              title={
                granted.has('investigations.write')
                  ? undefined
                  : 'Your role does not allow creating investigations.'
              }
              onClick={() => {
                props.onClose();
                appStore.set(openDialogAtom, {
                  kind: 'createInvestigation',
                  subjectEmployeeId: row.person!.id,
                });
              }}
            >
              Open a case about {row.person.fullName}…
            </button>
            <button
              type="button"
              className="button small"
              onClick={() => void runCommand('hunt.pinEvent', undefined, 'button')}
            >
              Pin to a case… <KeyHint commandId="hunt.pinEvent" />
            </button>
          </div>
        </section>
      ) : null}
      <pre className="audit-details" tabIndex={0} aria-label="Raw record">
        {full.data ? JSON.stringify(full.data.raw, null, 2) : 'Loading the raw record…'}
      </pre>
    </Dialog>
  );
}
