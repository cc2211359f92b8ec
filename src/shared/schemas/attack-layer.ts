import { z } from 'zod';

const nameValue = z.object({ name: z.string(), value: z.string() });

/** GET /investigations/{id}/attack-layer: an ATT&CK Navigator layer, format 4.5. */
export const navigatorLayerSchema = z.object({
  name: z.string(),
  versions: z.object({ layer: z.string(), navigator: z.string(), attack: z.string() }),
  domain: z.literal('enterprise-attack'),
  description: z.string(),
  sorting: z.number().int(),
  hideDisabled: z.boolean(),
  techniques: z.array(
    z.object({
      techniqueID: z.string(),
      tactic: z.string(),
      score: z.number().optional(),
      color: z.string(),
      comment: z.string(),
      enabled: z.boolean(),
      showSubtechniques: z.boolean(),
      metadata: z.array(nameValue),
    }),
  ),
  gradient: z.object({ colors: z.array(z.string()), minValue: z.number(), maxValue: z.number() }),
  legendItems: z.array(z.object({ label: z.string(), color: z.string() })),
  metadata: z.array(nameValue),
  showTacticRowBackground: z.boolean(),
  selectTechniquesAcrossTactics: z.boolean(),
  selectSubtechniquesWithParent: z.boolean(),
});
