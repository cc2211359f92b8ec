import type { ReactNode } from 'react';

/** The title row of a screen: title, an optional line under it, and actions on the right. */
export function PageHeader(props: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1>{props.title}</h1>
        {props.subtitle ? <div className="subtitle">{props.subtitle}</div> : null}
      </div>
      {props.actions ? <div className="toolbar">{props.actions}</div> : null}
    </header>
  );
}
