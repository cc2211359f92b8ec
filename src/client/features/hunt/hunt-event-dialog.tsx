import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';

import type { HuntRow } from '../../../shared/schemas/hunt';
import { usePermissions } from '../../api/auth/me';
import { fetchHuntEvent } from '../../api/hunt/hunt';
import { runCommand } from '../../commands/run-command';
import { Dialog } from '../../components/dialog';
import { formatDateTimeWithZone } from '../../components/format';
import { KeyHint } from '../../keymap/key-hint';
import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import type { PivotHow } from './hunt-facets';

/** The values of a row one may pivot on, as hunting fields. */
function pivotValues(row: HuntRow): Array<[string, string, string]> {
  const values: Array<[string, string, string | null]> = [
    ['File name', 'file.name', row.fileName],
    ['Person', 'person', row.person?.pseudonym ?? null],
    ['Source', 'source', row.source],
    ['Activity', 'activity', row.activity],
    ['App', 'app', row.app],
    ['Destination', 'file.destination', row.destination],
    ['Label', 'file.label', row.fileLabel],
    ['Device', 'device.name', row.device],
    ['Target', 'target', row.target],
  ];
  return values.filter((v): v is [string, string, string] => v[2] !== null && v[2] !== '');
}

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
          {pivotValues(row).map(([label, field, value]) => (
            <tr key={field}>
              <th scope="row">{label}</th>
              <td className="mono">{value}</td>
              <td>
                <button
                  type="button"
                  className="button small"
                  title="Enter searches this value, a adds it (AND), n excludes it (NOT)"
                  onClick={() => props.onPivot(field, value, 'only')}
                  onKeyDown={(event) => {
                    if (event.key !== 'a' && event.key !== 'n') return;
                    event.preventDefault();
                    event.stopPropagation();
                    props.onPivot(field, value, event.key === 'a' ? 'and' : 'not');
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
              to={`/app/alerts?employeeId=${encodeURIComponent(row.person.id)}`}
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
