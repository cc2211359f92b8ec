import type { ResolvedOptions, ScenarioId } from '../options';
import type { Employee, Organization } from '../org-types';
import type { Prng } from '../prng';
import type { Emitted, SourceId } from '../source-types';

/** What a storyline gets to plan itself. */
export interface ScenarioContext {
  readonly options: ResolvedOptions;
  readonly org: Organization;
  /** Day numbers of the first and last local day of the dataset. */
  readonly firstDay: number;
  readonly lastDay: number;
  readonly subject: Employee;
  /** Position of this storyline in the manifest; every record it injects carries it. */
  readonly index: number;
  readonly prng: Prng;
}

/** A planned storyline: who, when, what it injects and what a detector should conclude. */
export interface ScenarioPlan {
  readonly index: number;
  readonly id: ScenarioId;
  readonly subject: Employee;
  /** ATT&CK techniques (from Vigil's catalogue) the storyline should raise. */
  readonly techniques: readonly string[];
  /** Techniques that also apply but are outside Vigil's catalogue. */
  readonly relatedTechniques: readonly string[];
  readonly summary: string;
  /** Injected records per source, already tagged with the storyline index. */
  readonly records: Partial<Record<SourceId, Emitted[]>>;
  /** Days whose normal rhythm the storyline replaces (after-hours). */
  readonly rhythm?: { readonly firstDay: number; readonly lastDay: number };
  /** Set when the storyline includes a resignation (the HR feed carries it). */
  readonly resignation?: { readonly resignationDate: string; readonly departureDate: string };
  /** UTC ms bounds of the storyline, inclusive. */
  readonly start: number;
  readonly end: number;
  /** Storyline-specific facts for the manifest (personal address, competitor, ...). */
  readonly details: Readonly<Record<string, unknown>>;
}

/** One storyline type. */
export interface ScenarioDefinition {
  readonly id: ScenarioId;
  /** One sentence for the manifest and the CLI's help. */
  readonly description: string;
  /** Whether someone can carry this storyline (has a Windows laptop, writes code, ...). */
  eligible(e: Employee, org: Organization): boolean;
  plan(ctx: ScenarioContext): ScenarioPlan;
}
