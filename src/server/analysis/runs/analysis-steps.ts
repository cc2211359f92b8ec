import type { DatabaseHandle } from '../../db/database';

/**
 * Work that must happen whenever a case's analysis is due, besides the detection rules and the
 * risk score (for instance, refreshing derived per-subject tables). Each step runs before the
 * rules, in order, with the case and its subject; a step that throws fails the run.
 */
export interface AnalysisStep {
  readonly name: string;
  run(
    handle: DatabaseHandle,
    subject: { investigationId: string; employeeId: string },
  ): Promise<void>;
}

/** The extra steps, in order. Add one line here to hook into every analysis run. */
export const analysisSteps: readonly AnalysisStep[] = [];
