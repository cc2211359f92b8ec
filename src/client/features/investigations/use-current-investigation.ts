import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';

import { investigationQuery } from '../../api/investigations/get-investigation';

/** The investigation of the route the component sits in (loaded by the route's loader). */
export function useCurrentInvestigation() {
  const { id } = useParams<{ id: string }>();
  if (!id) throw new Error('investigationId is required');
  return useQuery(investigationQuery(id));
}
