import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { IngestRejectedReply, IngestReply } from '../../../shared/schemas/integrations';
import { ingestRejectedReplySchema, ingestReplySchema } from '../../../shared/schemas/integrations';
import { API_BASE } from '../http-client';
import { HttpError } from '../http-error';
import { integrationKeys } from './keys';

/** Bytes sent so far of an upload. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** What the server made of an uploaded file: written, or rejected with positioned errors. */
export type UploadResult = IngestReply | IngestRejectedReply;

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/**
 * POST /integrations/{id}/upload with the file as multipart/form-data. Written with
 * XMLHttpRequest rather than the fetch-based client because fetch reports no upload progress.
 * A rejected batch (400 with counts and errors) resolves, so the screen can list the errors;
 * any other failure rejects with an HttpError like the rest of the client.
 */
export function uploadExport(
  integrationId: string,
  file: File,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/integrations/${encodeURIComponent(integrationId)}/upload`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      options.onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : file.size,
      });
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status === 200) {
        resolve(ingestReplySchema.parse(body));
        return;
      }
      const rejected = xhr.status === 400 ? ingestRejectedReplySchema.safeParse(body) : null;
      if (rejected?.success) resolve(rejected.data);
      else {
        reject(
          new HttpError(
            xhr.status,
            xhr.statusText,
            body ?? { name: 'HTTP Error', code: xhr.status, description: xhr.responseText },
          ),
        );
      }
    };
    xhr.onerror = () =>
      reject(new Error('The upload failed: the connection to the server was lost.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** Uploads a file, then refreshes the integration, its runs and the list. */
export function useUploadExport(integrationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { file: File; onProgress?: (progress: UploadProgress) => void }) =>
      uploadExport(integrationId, v.file, v.onProgress ? { onProgress: v.onProgress } : {}),
    onSettled: () => client.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}
