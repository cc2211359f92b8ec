import { navigatorLayerSchema } from '../../../shared/schemas/attack-layer';
import { request } from '../http-client';
import { incidentPath } from './keys';

/**
 * GET /investigations/{id}/attack-layer, saved as a file the analyst can open in ATT&CK
 * Navigator ("Open Existing Layer" → "Upload from local").
 */
export async function downloadAttackLayer(investigationId: string): Promise<string> {
  const layer = await request(incidentPath(investigationId, 'attack-layer'), {
    schema: navigatorLayerSchema,
  });
  const name = `vigil-${investigationId}-attack-layer.json`;
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(layer, null, 2)], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
