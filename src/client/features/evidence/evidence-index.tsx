import { Link } from 'react-router-dom';

import { useTopic } from '../../api/findings/topics';
import { useEvidencePage } from './evidence-page';
import { FindingState } from './parts/finding-state';
import { PageFrame } from './parts/page-frame';
import { PinnedList } from './parts/pinned-list';
import { Figures, Section, SeverityTag } from './parts/section';
import { timelineTo } from './parts/timeline-link';

/** A sentence ends with a full stop before the next one starts. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text : `${text}.`);

/**
 * The locker's summary: the evidence pinned so far first (the case record being built, and the
 * screen's grid: j/k, `o` opens a pin), then the narrative, key figures and what to do next.
 */
export default function EvidenceIndex() {
  const page = useEvidencePage();
  const { id, window } = page;
  const summary = useTopic(id, 'summary', window);
  const remediation = useTopic(id, 'remediation', window);
  return (
    <PageFrame
      title="Summary"
      lede="The evidence pinned so far, what the subject did in this window, the figures behind it and what to do about it."
    >
      <Section
        title="Pinned evidence"
        hint="Pin any finding row or timeline event with p; o opens a pin where it came from, v verifies its SHA-256, Shift+D unpins it (with a reason)."
      >
        <PinnedList investigationId={id} openEvent={page.openEvent} />
      </Section>
      <FindingState query={summary} what="summary">
        {(data) => (
          <>
            <Section title="What happened">
              <ul className="evidence-narrative">
                {data.narrative.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </Section>
            <Figures
              items={data.figures.map((f) => ({
                label: f.label,
                // The events the figure counts, when it counts events; else its evidence page.
                ...(f.events
                  ? {
                      value: `${f.value}${f.unit ?? ''}`,
                      to: timelineTo(id, data.window, f.events),
                    }
                  : {
                      value: f.page ? (
                        <Link to={f.page}>{`${f.value}${f.unit ?? ''}`}</Link>
                      ) : (
                        `${f.value}${f.unit ?? ''}`
                      ),
                    }),
                tone:
                  f.severity === 'high' || f.severity === 'critical'
                    ? 'danger'
                    : f.severity === 'medium'
                      ? 'warning'
                      : null,
              }))}
            />
          </>
        )}
      </FindingState>
      <Section title="Remediation" hint="Most urgent first; each answers a finding.">
        <FindingState query={remediation} what="remediation suggestions">
          {(data) =>
            data.suggestions.length ? (
              <ol className="evidence-list">
                {data.suggestions.map((s) => (
                  <li key={s.id}>
                    <SeverityTag severity={s.severity} />
                    <div>
                      <strong>{s.action}</strong>
                      <div className="muted">
                        {sentence(s.rationale)} Answers{' '}
                        <Link to={s.finding.page}>{s.finding.title}</Link>.
                      </div>
                    </div>
                  </li>
                ))}
              </ol>
            ) : (
              <div className="muted">Nothing calls for action in this window.</div>
            )
          }
        </FindingState>
      </Section>
      {page.dialog?.(page.closeDialog) ?? null}
    </PageFrame>
  );
}
