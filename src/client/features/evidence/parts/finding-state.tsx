import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { NoDataYet } from '../../../components/empty-state';
import { Loading } from '../../../components/loading';
import { Section } from './section';

/** Loading, error (with the failure's message) or the content of a finding. */
export function FindingState<T>(props: {
  query: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) return <Loading label={`Loading ${props.what}…`} />;
  if (query.isError) {
    return (
      <div className="alert error" role="alert">
        {query.error.message}{' '}
        <button type="button" className="button small" onClick={() => void query.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  const data = query.data as T & { pending?: boolean };
  if (data.pending)
    return (
      <NoDataYet what={props.what}>
        The analysis of this case is running; this page fills in by itself when it ends.
      </NoDataYet>
    );
  return <>{props.children(query.data)}</>;
}

/** A section whose content is a finding of its own, with that finding's states in its body. */
export function FindingSection<T>(props: {
  title: string;
  hint?: ReactNode;
  wide?: boolean;
  query: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Section title={props.title} hint={props.hint} wide={props.wide}>
      <FindingState query={props.query} what={props.what}>
        {props.children}
      </FindingState>
    </Section>
  );
}
