import { Link } from 'react-router-dom';

import { buildPath } from '../../../shared/routes';
import type { IngestRun } from '../../../shared/schemas/integrations';
import { useIngestRuns } from '../../api/integrations/list-runs';
import { formatDateTime, formatNumber } from '../../components/format';

function duration(run: IngestRun): string {
  if (run.finishedAt === null) return 'running';
  return `${((run.finishedAt - run.startedAt) / 1000).toFixed(1)} s`;
}

/** How many records of a run were set aside for each reason (the first three), or its refusal. */
function QuarantineReasonsCell(props: { run: IngestRun }) {
  const { run } = props;
  if (run.quarantines.length === 0) {
    const first = run.errors[0];
    return first ? <>{`record ${first.position}: ${first.reason}`}</> : null;
  }
  const shown = run.quarantines.slice(0, 3);
  const more = run.quarantines.length - shown.length;
  return (
    <ul className="run-reasons">
      {shown.map((q) => (
        <li key={q.reason}>
          {q.reason}: <strong>{formatNumber(q.count)}</strong>
        </li>
      ))}
      {more > 0 ? <li className="muted">and {more} more reasons</li> : null}
    </ul>
  );
}

/** The integration's recent batches: how each came in and how it went. */
export function RunsCard(props: { integrationId: string }) {
  const runs = useIngestRuns(props.integrationId);
  const list = runs.data?.runs ?? [];
  return (
    <section className="card" aria-labelledby="runs-heading">
      <header>
        <h2 id="runs-heading">Recent runs</h2>
      </header>
      <div className="card-body">
        {list.length === 0 ? (
          <div className="muted">{runs.isLoading ? 'Loading…' : 'No batch has arrived yet.'}</div>
        ) : (
          <table className="dense-table">
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">Via</th>
                <th scope="col">Status</th>
                <th scope="col" className="number">
                  Accepted
                </th>
                <th scope="col" className="number">
                  Duplicate
                </th>
                <th scope="col" className="number">
                  Quarantined
                </th>
                <th scope="col" className="number">
                  Took
                </th>
                <th scope="col">Set aside by reason</th>
              </tr>
            </thead>
            <tbody>
              {list.map((run) => (
                <tr key={run.id}>
                  <td className="nowrap">{formatDateTime(run.startedAt)}</td>
                  <td>{run.via}</td>
                  <td>
                    <span
                      className={`badge sync-${run.status === 'running' ? 'waiting' : run.status}`}
                    >
                      {run.status.charAt(0).toUpperCase() + run.status.slice(1)}
                    </span>
                  </td>
                  <td className="number">{formatNumber(run.accepted)}</td>
                  <td className="number">{formatNumber(run.duplicate)}</td>
                  <td className="number">
                    {run.quarantined > 0 ? (
                      <Link
                        to={buildPath('integrationQuarantine', {
                          integrationId: props.integrationId,
                        })}
                        aria-label={`${run.quarantined} quarantined: open the quarantine`}
                      >
                        {formatNumber(run.quarantined)}
                      </Link>
                    ) : (
                      formatNumber(run.quarantined)
                    )}
                  </td>
                  <td className="number">{duration(run)}</td>
                  <td>
                    <QuarantineReasonsCell run={run} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
