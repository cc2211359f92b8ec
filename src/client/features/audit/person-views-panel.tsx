import { useQuery } from '@tanstack/react-query';

import { personViewsQuery } from '../../api/audit/audit';
import { formatDateTime, formatNumber } from '../../components/format';
import { Loading } from '../../components/loading';

/**
 * "Who viewed this person": per user and kind of read (findings, timeline, raw record, report…),
 * how many times, first and last, and in which cases, over the filter's time range.
 */
export function PersonViewsPanel(props: { employeeId: string; from?: string; to?: string }) {
  const views = useQuery(personViewsQuery(props.employeeId, props.from, props.to));
  const person = views.data?.person;
  return (
    <section className="card audit-person-views" aria-label="Who viewed this person">
      <header>
        <h2>
          Who viewed this person
          {person ? <span className="muted"> · {person.fullName}</span> : null}
        </h2>
        {views.data ? (
          <span className="muted">
            {formatNumber(views.data.total)} {views.data.total === 1 ? 'read' : 'reads'}
          </span>
        ) : null}
      </header>
      <div className="card-body">
        {views.isPending ? (
          <Loading label="Counting reads…" />
        ) : views.isError ? (
          <div className="alert error">{views.error.message}</div>
        ) : views.data.views.length === 0 ? (
          <div className="muted">
            {person
              ? 'Nobody has read this person’s data in this range.'
              : `There is no employee with id "${props.employeeId}".`}
          </div>
        ) : (
          <table className="audit-views-table" aria-label="Reads of this person's data">
            <thead>
              <tr>
                <th>User</th>
                <th>Read</th>
                <th className="number">Views</th>
                <th>First</th>
                <th>Last</th>
                <th>Cases</th>
              </tr>
            </thead>
            <tbody>
              {views.data.views.map((v) => (
                <tr key={`${v.user.id}:${v.kind}`}>
                  <td>
                    {v.user.displayName || v.user.email}{' '}
                    <span className="faint">{v.user.displayName ? v.user.email : ''}</span>
                  </td>
                  <td>{v.kind}</td>
                  <td className="number">{formatNumber(v.views)}</td>
                  <td>{formatDateTime(v.firstAt)}</td>
                  <td>{formatDateTime(v.lastAt)}</td>
                  <td className="mono">{v.cases.length ? v.cases.join(', ') : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
