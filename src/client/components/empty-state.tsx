import type { ReactNode } from 'react';

/** Says plainly that there is nothing to show, and what would change that. */
export function EmptyState(props: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty" role="status">
      <strong>{props.title}</strong>
      {props.children ? <div>{props.children}</div> : null}
      {props.action}
    </div>
  );
}

/** For screens whose data arrives with later work: never invented data, only this sentence. */
export function NoDataYet(props: { what: string; children?: ReactNode }) {
  return (
    <EmptyState title={`No data yet: ${props.what}`}>
      {props.children ??
        'This screen has no data yet. It fills in once activity logs are connected and analysed.'}
    </EmptyState>
  );
}
