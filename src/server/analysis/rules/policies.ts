import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

import { z } from 'zod';

import type { DetectionPolicy } from '../../../shared/schemas/detection-rules';

/** The policy presets shipped with Vigil: named groups of rules (policies.json). */
const POLICIES_FILE = fileURLToPath(new URL('./policies.json', import.meta.url));

const policiesSchema = z.strictObject({
  policies: z.array(
    z.strictObject({
      id: z.string().regex(/^[a-z0-9-]+$/),
      title: z.string().min(1),
      description: z.string().min(1),
      rules: z.array(z.string()).min(1),
    }),
  ),
});

let policies: DetectionPolicy[] | null = null;

/** The presets, read and checked once. */
export function shippedPolicies(): DetectionPolicy[] {
  policies ??= policiesSchema.parse(JSON.parse(fs.readFileSync(POLICIES_FILE, 'utf8'))).policies;
  return policies;
}
