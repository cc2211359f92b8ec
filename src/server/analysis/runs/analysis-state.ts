/**
 * The analysis state of an investigation, as stored in `investigations.analysis_state`:
 * `pending` (events arrived or the window moved: a run is due), `running`, `idle` (results are
 * current) or `failed`. Finding replies that depend on a run carry `pending: true` while it is
 * due or running, as the brief says, and screens show "no data yet" until it ends.
 */
export type AnalysisState = 'idle' | 'pending' | 'running' | 'failed';

/** Whether replies that depend on the analysis should say `pending: true`. */
export function isAnalysisPending(state: string): boolean {
  return state === 'pending' || state === 'running';
}
