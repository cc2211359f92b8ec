import type { TacticShortName } from './tactics';
import { attackTechniques } from './techniques';
import type { AttackTechnique } from './techniques';

export { attackCopyright, attackRelease, attackTermsUrl, attackVersion } from './copyright';
export { attackTactics } from './tactics';
export type { AttackTactic, TacticShortName } from './tactics';
export { attackTechniques } from './techniques';
export type { AttackTechnique } from './techniques';

const byId = new Map(attackTechniques.map((technique) => [technique.id, technique]));

/** The catalogue entry of a technique id, or undefined when Vigil does not know it. */
export function findTechnique(id: string): AttackTechnique | undefined {
  return byId.get(id);
}

/** Whether an id is in Vigil's catalogue. */
export function isKnownTechnique(id: string): boolean {
  return byId.has(id);
}

/** A technique's display name, or the id itself when unknown. */
export function techniqueName(id: string): string {
  return byId.get(id)?.name ?? id;
}

/** The catalogue's techniques under one tactic, parents before their sub-techniques. */
export function techniquesOfTactic(shortName: TacticShortName): AttackTechnique[] {
  return attackTechniques
    .filter((technique) => technique.tactics.includes(shortName))
    .sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
}
