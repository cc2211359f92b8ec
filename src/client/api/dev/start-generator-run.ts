import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { GeneratorRunBody } from '../../../shared/schemas/log-generator';
import { generatorRunSchema } from '../../../shared/schemas/log-generator';
import { request } from '../http-client';
import { generatorRunKeys } from './current-generator-run';

/** POST /dev/generator/runs: starts a run in the background (409 while one is running). */
export function startGeneratorRun(body: GeneratorRunBody) {
  return request('/dev/generator/runs', { method: 'POST', body, schema: generatorRunSchema });
}

export function useStartGeneratorRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startGeneratorRun,
    onSuccess: (run) => client.setQueryData(generatorRunKeys.current, { run }),
  });
}
