import { z } from 'zod';

import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

const args = z.object({ index: z.number().int().min(1) });

/** Shows tab N (1-based), as `t 1`…`t 9` do. */
export const tabGoto = defineCommand({
  id: 'tab.goto',
  title: 'Go to Tab…',
  category: 'Workspace',
  keywords: ['switch', 'number'],
  keyTitle: () => 'Go to Tab by Number',
  choices: () =>
    workspace.state.tabs.map((tab, index) => ({
      id: tab.id,
      label: `${index + 1}. ${tab.location}`,
      args: { index: index + 1 },
    })),
  run: (raw) => {
    const parsed = args.safeParse(raw);
    if (parsed.success) workspace.gotoTab(parsed.data.index - 1);
  },
});
