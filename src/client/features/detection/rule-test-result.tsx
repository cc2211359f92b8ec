import { useEffect, useRef } from 'react';

import type { TestDetectionRuleReply } from '../../../shared/schemas/detection-rules';
import { formatNumber } from '../../components/format';

/** People listed in the dialog; the rest are counted under the table. */
const PEOPLE_SHOWN = 25;

const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/** The sentence that sums a test up, so a screen reader hears the result when it arrives. */
export function testSummary(result: TestDetectionRuleReply): string {
  const span = `the last ${plural(result.days, 'day')}`;
  if (result.matchingEvents === 0)
    return `No event of ${span} matches this rule: no alert would be raised.`;
  const alerts =
    result.alerts === 0
      ? 'no alert would be raised'
      : `${plural(result.alerts, 'alert')} would be raised about ${plural(result.people.filter((p) => p.alerts > 0).length, 'person', 'people')}`;
  const verb = result.matchingEvents === 1 ? 'matches' : 'match';
  return `Over ${span}, ${plural(result.matchingEvents, 'event')} ${verb} and ${alerts}.`;
}

/**
 * What a rule would have found, had it run over the last days: the events it matches (and how
 * many of them belong to nobody yet), the alerts it would raise, and about whom. Nothing of it
 * was stored. `stale` says the text changed since.
 */
export function RuleTestResult(props: { result: TestDetectionRuleReply; stale: boolean }) {
  const { result } = props;
  // A new result comes into view below the form; the focus stays where it was.
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [result]);
  return (
    <section ref={ref} className="card rule-test-result" aria-label="Test result">
      <div className="card-body stack">
        <p style={{ margin: 0 }} role="status">
          {testSummary(result)}
          {props.stale ? ' The rule changed since this test: test again.' : ''}
        </p>
        <ul className="rule-test-figures" aria-label="Test figures">
          <li>
            <span className="muted">Matching events</span>{' '}
            <strong>{formatNumber(result.matchingEvents)}</strong>
          </li>
          <li>
            <span className="muted">of which unmapped</span>{' '}
            <strong>{formatNumber(result.unmappedEvents)}</strong>
          </li>
          <li>
            <span className="muted">Alerts it would raise</span>{' '}
            <strong>{formatNumber(result.alerts)}</strong>
          </li>
        </ul>
        {result.unmappedEvents > 0 ? (
          <p className="muted" style={{ margin: 0 }}>
            Unmapped events come from accounts Vigil has not tied to a person yet; they raise no
            alert until they are (Integrations lists those accounts).
          </p>
        ) : null}
        {result.people.length > 0 ? (
          <div>
            <table className="matrix middle">
              <caption className="visually-hidden">People with matching events</caption>
              <thead>
                <tr>
                  <th scope="col">Person</th>
                  <th scope="col">Matching events</th>
                  <th scope="col">Alerts</th>
                </tr>
              </thead>
              <tbody>
                {result.people.slice(0, PEOPLE_SHOWN).map((person) => (
                  <tr key={person.subject.id}>
                    <th scope="row">
                      {person.subject.fullName}
                      {person.subject.department ? (
                        <span className="faint"> · {person.subject.department}</span>
                      ) : null}
                    </th>
                    <td className="mono">{formatNumber(person.matchingEvents)}</td>
                    <td className="mono">{formatNumber(person.alerts)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {result.people.length > PEOPLE_SHOWN ? (
          <p className="muted" style={{ margin: 0 }}>
            And {plural(result.people.length - PEOPLE_SHOWN, 'more person', 'more people')}.
          </p>
        ) : null}
        {result.peopleNotExamined > 0 ? (
          <p className="muted" style={{ margin: 0 }}>
            {plural(result.peopleNotExamined, 'more person', 'more people')} with matching events
            were not examined: the test looks at those with the most.
          </p>
        ) : null}
      </div>
    </section>
  );
}
