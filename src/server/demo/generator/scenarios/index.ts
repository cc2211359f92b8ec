import { dayNumber, parseDate } from '../calendar';
import type { ResolvedOptions, ScenarioId } from '../options';
import type { Employee, Organization } from '../org-types';
import { prngFor } from '../prng';
import { accessOutsideRole } from './access-outside-role';
import { afterHours } from './after-hours';
import { cloudUpload } from './cloud-upload';
import { competitorContact } from './competitor-contact';
import { departingExfiltration } from './departing-exfiltration';
import { massDeletion } from './mass-deletion';
import { massRepoClone } from './mass-repo-clone';
import { securityTampering } from './security-tampering';
import type { ScenarioDefinition, ScenarioPlan } from './types';

/** Every storyline by id. */
export const scenarioDefinitions: Record<ScenarioId, ScenarioDefinition> = {
  'departing-exfiltration': departingExfiltration,
  'mass-repo-clone': massRepoClone,
  'after-hours': afterHours,
  'access-outside-role': accessOutsideRole,
  'security-tampering': securityTampering,
  'mass-deletion': massDeletion,
  'competitor-contact': competitorContact,
  'cloud-upload': cloudUpload,
};

/** Subjects need a baseline before the storyline and must not already be leaving. */
function canCarryStoryline(e: Employee, firstDay: number): boolean {
  return (
    e.level !== 'exec' &&
    e.resignationDate === null &&
    dayNumber(parseDate(e.startDate)) <= firstDay - 30
  );
}

/**
 * Picks a distinct subject for every requested storyline and plans it. Storylines with the
 * fewest candidates choose first, so a large mix still finds someone for each. Plans that
 * include a resignation set it on the subject, which the HR feed and day plans then follow.
 */
export function planScenarios(
  options: ResolvedOptions,
  org: Organization,
  firstDay: number,
  lastDay: number,
): ScenarioPlan[] {
  const slots = options.scenarios.flatMap((r) => Array.from({ length: r.count }, () => r.id));
  const candidates = org.employees.filter((e) => canCarryStoryline(e, firstDay));
  const pools = slots.map((id) =>
    candidates.filter((e) => scenarioDefinitions[id].eligible(e, org)),
  );
  const order = slots
    .map((_, i) => i)
    .sort((a, b) => (pools[a]?.length ?? 0) - (pools[b]?.length ?? 0) || a - b);
  const chooser = prngFor(options.seed, 'scenario-subjects');
  const used = new Set<string>();
  const subjects: Employee[] = [];
  for (const slot of order) {
    const id = slots[slot] as ScenarioId;
    const pool = (pools[slot] ?? []).filter((e) => !used.has(e.id));
    if (pool.length === 0) {
      throw new Error(
        `No employee left who can carry the ${id} storyline (${slots.length} storylines for ${org.employees.length} employees); use more employees or fewer scenarios.`,
      );
    }
    const subject = chooser.pick(pool);
    used.add(subject.id);
    subjects[slot] = subject;
  }
  return slots.map((id, index) => {
    const subject = subjects[index] as Employee;
    const prng = prngFor(options.seed, 'scenario', index, id);
    const plan = scenarioDefinitions[id].plan({
      options,
      org,
      firstDay,
      lastDay,
      subject,
      index,
      prng,
    });
    if (plan.resignation) {
      subject.resignationDate = plan.resignation.resignationDate;
      subject.departureDate = plan.resignation.departureDate;
    }
    return plan;
  });
}
