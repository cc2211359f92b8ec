import type { ReactNode } from 'react';

import { WindowSelect } from './window-select';

/** The head of an evidence page: what it shows, in a sentence, and the window choice. */
export function PageFrame(props: {
  title: string;
  lede: string;
  controls?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="evidence-page" aria-label={props.title}>
      <header>
        <div>
          <h2>{props.title}</h2>
          <p>{props.lede}</p>
        </div>
        <div className="evidence-controls">
          {props.controls}
          <WindowSelect />
        </div>
      </header>
      {props.children}
    </section>
  );
}
