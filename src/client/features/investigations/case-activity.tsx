import type { ActivityEntry } from '../../../shared/schemas/case-activity';
import type { CaseNote } from '../../../shared/schemas/case-notes';
import type { Investigation } from '../../../shared/schemas/investigations';
import { usePermissions } from '../../api/auth/me';
import { useCaseActivity } from '../../api/investigations/case-activity';
import { formatDateTime } from '../../components/format';
import { Markdown } from '../../components/markdown';
import { CaseCommandButton } from './case-command-button';
import { caseWriteBlock } from './case-write-block';
import './case-record.css';

/** The first words of a note, to say which one a correction is about. */
function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
}

/**
 * The case's history (from the audit log, newest first): status changes, assignments, the
 * outcome, notes (shown in full, as Markdown), pins, incident changes, checklist ticks, exports
 * and reveals. Reads are not shown. With the composer ("Write a Note…", i n) and, on each note,
 * "Amend", which writes a correction that names it: notes are never edited.
 */
export function CaseActivity(props: { investigation: Investigation }) {
  const { investigation } = props;
  const permissions = usePermissions();
  const activity = useCaseActivity(investigation.id);
  const blocked = caseWriteBlock(investigation, permissions);
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];
  const notesById = new Map(
    entries.flatMap((entry) => (entry.note ? [[entry.note.id, entry.note] as const] : [])),
  );
  return (
    <section className="card" aria-labelledby="case-activity-title">
      <header>
        <h2 id="case-activity-title">Notes and history</h2>
        <div className="toolbar">
          <CaseCommandButton
            command="note.write"
            hint="Write a note on the case (Markdown; Ctrl+Enter saves)"
            disabledReason={blocked}
            primary
          >
            Write a note…
          </CaseCommandButton>
          {investigation.status !== 'closed' ? (
            <CaseCommandButton
              command="investigation.close"
              hint="Close the case with an outcome and a reason"
              disabledReason={blocked}
            >
              Close investigation…
            </CaseCommandButton>
          ) : null}
        </div>
      </header>
      <div className="card-body">
        {investigation.status === 'closed' ? (
          <p className="muted" role="note">
            This case is closed: no note can be written or amended until it is reopened.
          </p>
        ) : null}
        {activity.isError ? (
          <p role="alert">The history could not be loaded: {activity.error.message}</p>
        ) : entries.length === 0 ? (
          <p className="faint">{activity.isPending ? 'Loading the history…' : 'Nothing yet.'}</p>
        ) : (
          <ol className="case-activity-list" aria-label="Case history, newest first">
            {entries.map((entry) => (
              <ActivityLine
                key={entry.id}
                entry={entry}
                amended={entry.note?.amends ? notesById.get(entry.note.amends) : undefined}
                blocked={blocked}
                investigationId={investigation.id}
              />
            ))}
          </ol>
        )}
        {activity.hasNextPage ? (
          <button
            type="button"
            className="button small ghost"
            disabled={activity.isFetchingNextPage}
            onClick={() => void activity.fetchNextPage()}
          >
            {activity.isFetchingNextPage ? 'Loading…' : 'Show older'}
          </button>
        ) : null}
      </div>
    </section>
  );
}

function ActivityLine(props: {
  entry: ActivityEntry;
  amended: CaseNote | undefined;
  blocked: string | null;
  investigationId: string;
}) {
  const { entry } = props;
  const actor = entry.actor?.displayName ?? 'Vigil';
  return (
    <li className="case-activity-item">
      <time className="case-activity-time" dateTime={new Date(entry.at).toISOString()}>
        {formatDateTime(entry.at)}
      </time>
      <div className="case-activity-summary">
        <span className="actor">{actor}</span> {lowerFirst(entry.summary)}
      </div>
      {entry.note ? (
        <article className="case-note" aria-label={`Note by ${actor}`}>
          {entry.note.amends ? (
            <p className="muted" style={{ marginTop: 0 }}>
              Corrects{' '}
              {props.amended
                ? `the note of ${formatDateTime(props.amended.createdAt)} by ${props.amended.author.displayName}: “${excerpt(props.amended.body)}”`
                : 'an earlier note'}
            </p>
          ) : null}
          <Markdown source={entry.note.body} />
          <footer>
            <span>
              {entry.note.author.displayName} · {formatDateTime(entry.note.createdAt)}
            </span>
            <CaseCommandButton
              command="note.amend"
              args={{ noteId: entry.note.id }}
              hint="Write a correction of this note (notes are never edited)"
              disabledReason={props.blocked}
            >
              Amend…
            </CaseCommandButton>
          </footer>
        </article>
      ) : null}
    </li>
  );
}

/** "Wrote a note" reads after the actor's name as "Ana wrote a note". */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
