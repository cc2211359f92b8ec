import { useAtom } from 'jotai';
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';

import { evidenceUiFamily } from '../evidence-atoms';
import type { EvidenceUiState } from '../evidence-atoms';

/** The id of the case the route shows. */
export function useCaseId(): string {
  const { id } = useParams<{ id: string }>();
  if (!id) throw new Error('investigationId is required');
  return id;
}

/** The case of the route and its evidence UI state; `window` is undefined for the whole window. */
export function useEvidenceUi() {
  const id = useCaseId();
  const [state, setState] = useAtom(evidenceUiFamily(id));
  const update = useCallback(
    (patch: Partial<EvidenceUiState>) => setState((s) => ({ ...s, ...patch })),
    [setState],
  );
  return { id, state, update, window: state.window === 'all' ? undefined : state.window };
}
