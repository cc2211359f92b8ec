import { caseExportFileName, caseExports } from '../../../shared/case-exports';
import type { CaseExportKind } from '../../../shared/case-exports';
import { API_BASE } from '../http-client';
import { HttpError } from '../http-error';

/**
 * GET /investigations/{id}/report.pdf, report.html or export.zip, read chunk by chunk so the
 * caller can show the bytes received while the server makes it, then saved as a file. A reply
 * that is not OK throws HttpError with the server's sentence.
 */
export async function downloadCaseExport(
  investigationId: string,
  kind: CaseExportKind,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<{ fileName: string; bytes: number }> {
  const response = await fetch(
    `${API_BASE}/investigations/${encodeURIComponent(investigationId)}/${caseExports[kind].path}`,
    { credentials: 'include', signal },
  );
  if (!response.ok || !response.body) {
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = { name: 'HTTP Error', code: response.status, description: text };
    }
    throw new HttpError(response.status, response.statusText, body);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  const fileName = caseExportFileName(investigationId, kind);
  const url = URL.createObjectURL(new Blob(chunks, { type: caseExports[kind].mediaType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return { fileName, bytes };
}
