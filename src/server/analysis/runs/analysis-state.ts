/**
 * Whether replies that depend on the analysis should say `pending: true`. An investigation's
 * analysis state (`investigations.analysis_state`, the shared AnalysisState) is `pending`
 * when events arrived or the window moved and a run is due, `running`, `idle` when results
 * are current, or `failed`. Finding replies carry `pending: true` while a run is due or
 * running, as the brief says, and screens show "no data yet" until it ends.
 */
export function isAnalysisPending(state: string): boolean {
  return state === 'pending' || state === 'running';
}
