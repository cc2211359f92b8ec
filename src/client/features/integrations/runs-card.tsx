import type { IngestRun } from '../../../shared/schemas/integrations';
import { useIngestRuns } from '../../api/integrations/list-runs';
import { formatDateTime, formatNumber } from '../../components/format';

function duration(run: IngestRun): string {
  if (run.finishedAt === null) return 'running';
  return `${((run.finishedAt - run.startedAt) / 1000).toFixed(1)} s`;
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
                <th scope="col">First set aside</th>
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
                  <td className="number">{formatNumber(run.quarantined)}</td>
                  <td className="number">{duration(run)}</td>
                  <td>
                    {run.errors[0]
                      ? `record ${run.errors[0].position}: ${run.errors[0].reason}`
                      : ''}
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
