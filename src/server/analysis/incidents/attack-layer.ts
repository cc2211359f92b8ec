import { attackCopyright, attackVersion } from '../../../shared/attack';
import type { IncidentSeverity } from '../../../shared/incident-model';
import type { ActiveTechnique } from './active-techniques';
import { plural } from '../../../shared/wording';

/** The colour of a technique by its worst incident, as in Vigil's matrix. */
export const severityColors: Record<IncidentSeverity, string> = {
  low: '#8fb3d9',
  medium: '#f2c14e',
  high: '#f08a4b',
  critical: '#d64545',
};

/** One technique entry of an ATT&CK Navigator layer (format 4.x). */
export interface LayerTechnique {
  techniqueID: string;
  tactic: string;
  score?: number;
  color: string;
  comment: string;
  enabled: boolean;
  showSubtechniques: boolean;
  metadata: Array<{ name: string; value: string }>;
}

/** An ATT&CK Navigator layer document (layer format 4.5). */
export interface NavigatorLayer {
  name: string;
  versions: { layer: string; navigator: string; attack: string };
  domain: 'enterprise-attack';
  description: string;
  sorting: number;
  hideDisabled: boolean;
  techniques: LayerTechnique[];
  gradient: { colors: string[]; minValue: number; maxValue: number };
  legendItems: Array<{ label: string; color: string }>;
  metadata: Array<{ name: string; value: string }>;
  showTacticRowBackground: boolean;
  selectTechniquesAcrossTactics: boolean;
  selectSubtechniquesWithParent: boolean;
}

/**
 * The case's techniques as a Navigator layer: one entry per technique and tactic, scored by
 * the number of incidents and coloured by the worst severity; the parent of each observed
 * sub-technique is listed with `showSubtechniques` so Navigator opens it.
 */
export function buildNavigatorLayer(
  investigation: { id: string; title: string },
  techniques: readonly ActiveTechnique[],
  titles: ReadonlyMap<string, string>,
): NavigatorLayer {
  const entries: LayerTechnique[] = [];
  const parents = new Map<string, Set<string>>();
  for (const technique of techniques) {
    const comment = `${plural(technique.count, 'incident')}: ${technique.incidents.map((id) => titles.get(id) ?? id).join('; ')}`;
    for (const tactic of technique.tactics) {
      entries.push({
        techniqueID: technique.technique,
        tactic,
        score: technique.count,
        color: severityColors[technique.maxSeverity],
        comment,
        enabled: true,
        showSubtechniques: false,
        metadata: [
          { name: 'worst severity', value: technique.maxSeverity },
          { name: 'events', value: String(technique.eventCount) },
        ],
      });
      const parent = technique.technique.split('.')[0]!;
      if (parent !== technique.technique)
        parents.set(parent, (parents.get(parent) ?? new Set()).add(tactic));
    }
  }
  for (const [parent, tactics] of parents) {
    for (const tactic of tactics) {
      if (!entries.some((e) => e.techniqueID === parent && e.tactic === tactic)) {
        entries.push({
          techniqueID: parent,
          tactic,
          color: '',
          comment: '',
          enabled: true,
          showSubtechniques: true,
          metadata: [],
        });
      } else {
        for (const e of entries)
          if (e.techniqueID === parent && e.tactic === tactic) e.showSubtechniques = true;
      }
    }
  }
  const maxScore = Math.max(1, ...techniques.map((t) => t.count));
  return {
    name: `Vigil: ${investigation.title}`.slice(0, 200),
    versions: { layer: '4.5', navigator: '5.1.0', attack: attackVersion },
    domain: 'enterprise-attack',
    description: `Techniques raised by Vigil's detection rules in investigation ${investigation.id}. Scores count incidents (dismissed ones left out); colours show the worst severity. ${attackCopyright}`,
    sorting: 3,
    hideDisabled: false,
    techniques: entries,
    gradient: { colors: ['#fff3b0', '#d64545'], minValue: 0, maxValue: maxScore },
    legendItems: (Object.keys(severityColors) as IncidentSeverity[]).map((severity) => ({
      label: `Worst incident ${severity}`,
      color: severityColors[severity],
    })),
    metadata: [
      { name: 'investigation', value: investigation.id },
      { name: 'exported', value: new Date().toISOString() },
    ],
    showTacticRowBackground: false,
    selectTechniquesAcrossTactics: true,
    selectSubtechniquesWithParent: false,
  };
}
