import type { Configuration } from '../../../shared/schemas/configuration';
import { canonicalJson } from '../../privacy/canonical-json';

/**
 * Settings the analysis of a case does not read: the NetBIOS names decide whose events are
 * whose, and a change to them re-maps events through identity resolution, which queues the
 * cases of the people whose events moved.
 */
const NOT_ANALYSED: ReadonlySet<keyof Configuration> = new Set(['netbiosDomains']);

/**
 * The settings a case's analysis reads that differ between two configurations, by name, in
 * the configuration's order: the detectors' domains, competitors, labels, time zone and hours,
 * and the risk weights. Empty when saving changed nothing a run would compute differently, so
 * no case needs to run again.
 */
export function changedAnalysisSettings(before: Configuration, after: Configuration): string[] {
  return (Object.keys(after) as Array<keyof Configuration>).filter(
    (key) => !NOT_ANALYSED.has(key) && canonicalJson(before[key]) !== canonicalJson(after[key]),
  );
}
