import { useQuery } from '@tanstack/react-query';

import {
  ALL_FILES,
  fileAccessReplySchema,
  fileEventsReplySchema,
  filesReplyLooseSchema,
  fileSankeyReplySchema,
} from '../../../shared/schemas/findings/file-access';
import { request } from '../http-client';
import { HttpError } from '../http-error';
import { casePath, findingKeys } from './keys';

/** Rethrows an HTTP failure with the brief's message for this call. */
async function withMessage<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpError)
      throw new Error(`Failed to fetch ${what}: ${error.status}`, { cause: error });
    throw error;
  }
}

/** GET findings/file-access; failures read 'Failed to fetch file access: {status}'. */
export function useFileAccess(investigationId: string, window?: string) {
  return useQuery({
    queryKey: findingKeys.finding(investigationId, 'file-access', { window }),
    queryFn: ({ signal }) =>
      withMessage('file access', () =>
        request(casePath(investigationId, 'findings/file-access'), {
          schema: fileAccessReplySchema,
          query: { window },
          signal,
        }),
      ),
  });
}

/** GET findings/file-access/sankey; failures read 'Failed to fetch sankey: {status}'. */
export function useFileSankey(investigationId: string, window?: string) {
  return useQuery({
    queryKey: findingKeys.finding(investigationId, 'file-access/sankey', { window }),
    queryFn: ({ signal }) =>
      withMessage('sankey', () =>
        request(casePath(investigationId, 'findings/file-access/sankey'), {
          schema: fileSankeyReplySchema,
          query: { window },
          signal,
        }),
      ),
  });
}

/**
 * GET findings/file-access/files; 'All Files' sends no label. The reply may be an array or an
 * object holding a files array (the brief allows both). Failures read 'Failed to fetch files: {status}'.
 */
export function useFiles(investigationId: string, label: string, window?: string) {
  return useQuery({
    queryKey: findingKeys.finding(investigationId, 'file-access/files', { label, window }),
    queryFn: ({ signal }) =>
      withMessage('files', () =>
        request(casePath(investigationId, 'findings/file-access/files'), {
          schema: filesReplyLooseSchema,
          query: { window, label: label === ALL_FILES ? undefined : label },
          signal,
        }),
      ),
  });
}

/** GET findings/file-access/files/{fileId}/events; 'fileId is required'; failures read 'Failed to fetch file events: {status}'. */
export function fetchFileEvents(
  investigationId: string,
  fileId: string,
  window?: string,
  signal?: AbortSignal,
) {
  if (!fileId) throw new Error('fileId is required');
  return withMessage('file events', () =>
    request(
      casePath(investigationId, `findings/file-access/files/${encodeURIComponent(fileId)}/events`),
      { schema: fileEventsReplySchema, query: { window }, signal },
    ),
  );
}

/** The events of one file, when a file is chosen. */
export function useFileEvents(investigationId: string, fileId: string | null, window?: string) {
  return useQuery({
    queryKey: findingKeys.finding(investigationId, 'file-access/file-events', { fileId, window }),
    queryFn: ({ signal }) => fetchFileEvents(investigationId, fileId ?? '', window, signal),
    enabled: Boolean(fileId),
  });
}
