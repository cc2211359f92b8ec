import { API_BASE } from '../http-client';
import { quarantinePath } from './list-quarantine';

/**
 * Saves a quarantine as NDJSON, one record a line as it was read, to fix and send again. A link
 * the browser follows, rather than a fetch: the file may be large, and the browser streams it to
 * disk with the name the server gives (the download is audited there).
 */
export function downloadQuarantine(id: string): void {
  const link = document.createElement('a');
  link.href = `${API_BASE}${quarantinePath(id)}/download`;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
