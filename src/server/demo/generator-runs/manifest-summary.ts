import type { GeneratorManifestSummary } from '../../../shared/schemas/log-generator';
import type { Manifest, SourceId } from '../generator/index';

/** The parts of a manifest the log generator screen shows (not the whole organization). */
export function summarizeManifest(manifest: Manifest): GeneratorManifestSummary {
  return {
    seed: manifest.seed,
    window: manifest.window,
    employees: manifest.employees.length,
    totals: manifest.totals,
    sources: (Object.keys(manifest.sources) as SourceId[]).map((source) => ({
      source,
      file: manifest.sources[source].file,
      records: manifest.sources[source].records,
      events: manifest.sources[source].events,
    })),
    scenarios: manifest.scenarios.map((s) => ({
      index: s.index,
      scenario: s.scenario,
      employeeId: s.employeeId,
      email: s.email,
      start: s.start,
      end: s.end,
      techniques: [...s.techniques],
      relatedTechniques: [...s.relatedTechniques],
      summary: s.summary,
      records: s.records,
      events: s.events,
    })),
  };
}
