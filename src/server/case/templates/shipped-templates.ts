import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { Kysely } from 'kysely';
import { z } from 'zod';

import { shippedTemplateSchema } from '../../../shared/schemas/templates';
import type { ShippedTemplate } from '../../../shared/schemas/templates';
import { toJson } from '../../db/dialect';
import { insertTemplateIfMissing } from '../../db/queries/case-templates';
import type { Database } from '../../db/schema';

const SHIPPED_FILE = fileURLToPath(new URL('./shipped-templates.json', import.meta.url));

let parsed: ShippedTemplate[] | null = null;

/**
 * The templates Vigil ships, read from shipped-templates.json and checked against the shared
 * schema: a mistake in the file stops start-up with the field at fault rather than shipping a
 * template the API would refuse.
 */
export function shippedTemplates(): ShippedTemplate[] {
  if (parsed) return parsed;
  const result = z
    .array(shippedTemplateSchema)
    .safeParse(JSON.parse(fs.readFileSync(SHIPPED_FILE, 'utf8')));
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(
      `shipped-templates.json is not valid at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? ''}`,
    );
  }
  parsed = result.data;
  return parsed;
}

/**
 * Inserts the shipped templates that are missing (by id, or by name when an admin already made
 * one so named). A shipped template an admin edited is left as they left it. Returns how many
 * were inserted.
 */
export async function ensureShippedTemplates(db: Kysely<Database>, now: number): Promise<number> {
  let inserted = 0;
  for (const template of shippedTemplates()) {
    const added = await insertTemplateIfMissing(db, {
      id: template.id,
      name: template.name,
      description: template.description,
      case_type: template.caseType,
      window_days: template.windowDays,
      steps: toJson(template.steps),
      evidence_pages: toJson(template.evidencePages),
      report_sections: toJson(template.reportSections),
      shipped: 1,
      created_by: null,
      created_at: now,
      updated_by: null,
      updated_at: now,
    });
    if (added) inserted += 1;
  }
  return inserted;
}
