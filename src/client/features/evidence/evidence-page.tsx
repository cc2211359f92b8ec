import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';

import type { EventListFilter } from '../../api/findings/events';
import { EventDialog, EventsDialog } from './parts/event-dialog';
import { FindingState } from './parts/finding-state';
import { PageFrame } from './parts/page-frame';
import type { FigureItem } from './parts/section';
import { Figures } from './parts/section';
import { useEvidenceUi } from './parts/use-evidence-ui';

/** A dialog of an evidence page, given how to close it. */
export type PageDialog = (close: () => void) => ReactNode;

/**
 * One evidence page's case, window and UI state (see useEvidenceUi), and its dialog: the raw
 * record of an event, the events behind an aggregate, or one of the page's own. One dialog at
 * a time; closing it returns the focus to the row it was opened from.
 */
export interface EvidencePageState extends ReturnType<typeof useEvidenceUi> {
  /** Shows one event's raw record. */
  openEvent: (eventId: string) => void;
  /** Lists the subject's events matching `filter` (server-paged); each opens to its record. */
  openEvents: (title: string, filter: EventListFilter) => void;
  /** Shows a dialog of the page's own. */
  openDialog: (dialog: PageDialog) => void;
  /** The open dialog, which EvidencePage renders. */
  dialog: PageDialog | null;
  closeDialog: () => void;
}

/** The state of the evidence page being rendered; pass it to its EvidencePage. */
export function useEvidencePage(): EvidencePageState {
  const ui = useEvidenceUi();
  const { id } = ui;
  const [dialog, setDialog] = useState<PageDialog | null>(null);
  const actions = useMemo(() => {
    // A function given to a state setter is an updater: wrap the dialog to store it.
    const openDialog = (next: PageDialog) => setDialog(() => next);
    return {
      openDialog,
      closeDialog: () => setDialog(null),
      openEvent: (eventId: string) =>
        openDialog((close) => (
          <EventDialog investigationId={id} eventId={eventId} onClose={close} />
        )),
      openEvents: (title: string, filter: EventListFilter) =>
        openDialog((close) => (
          <EventsDialog investigationId={id} title={title} filter={filter} onClose={close} />
        )),
    };
  }, [id]);
  return { ...ui, ...actions, dialog };
}

/** What an evidence page declares; everything else is EvidencePage's. */
export interface EvidencePageProps<T> {
  page: EvidencePageState;
  title: string;
  /** What the page shows, in a sentence or two. */
  lede: string;
  /** Choices of the page's own, shown before the window choice. */
  controls?: ReactNode;
  /** The page's headline finding: until it is in (or while the analysis runs) its state shows. */
  query: UseQueryResult<T>;
  /** The finding's name in "Loading …" and "no data yet" messages. */
  what: string;
  /** The key figures of the headline finding, first on the page. */
  figures?: (data: T) => FigureItem[];
  /** The charts and sections drawn from the headline finding, after its figures. */
  children?: (data: T) => ReactNode;
  /** Sections with findings of their own, shown after, whatever the headline finding's state. */
  sections?: ReactNode;
}

/**
 * The skeleton every evidence page shares: the frame with its title, lede and window choice;
 * the loading, failure and "analysis running" states of the headline finding; its figures; the
 * page's sections; and the page's dialog. Finding tables bring the keyboard (j/k/o/x, `/`,
 * pinning with p), so a page declares only its own figures, charts, sections and tables.
 */
export function EvidencePage<T>(props: EvidencePageProps<T>) {
  const { page, figures, children } = props;
  return (
    <PageFrame title={props.title} lede={props.lede} controls={props.controls}>
      <FindingState query={props.query} what={props.what}>
        {(data) => (
          <>
            {figures ? <Figures items={figures(data)} /> : null}
            {children?.(data)}
          </>
        )}
      </FindingState>
      {props.sections}
      {page.dialog?.(page.closeDialog) ?? null}
    </PageFrame>
  );
}
