import { z } from 'zod';

import { riskLabels, riskLevels } from '../../../shared/investigation-model';
import { defineCommand } from '../command';
import { applyUpdate } from './apply-update';
import { needsEditableInvestigation } from './current-investigation';

const args = z.object({ level: z.enum(riskLevels) });

/** Sets the risk level of the current investigation. */
export const investigationSetRisk = defineCommand({
  id: 'investigation.setRisk',
  title: 'Set Investigation Risk…',
  category: 'Investigation',
  keywords: ['severity'],
  disabledReason: needsEditableInvestigation,
  choices: () =>
    riskLevels.map((level) => ({ id: level, label: riskLabels[level], args: { level } })),
  run: async (raw, c) => {
    const { level } = args.parse(raw);
    await applyUpdate(c.investigationId!, { riskLevel: level }, `Risk set to ${riskLabels[level]}`);
  },
});
