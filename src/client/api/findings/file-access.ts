import { useQuery } from '@tanstack/react-query';

import { findingEndpoints } from '../../../shared/findings/case-endpoints';
import { ALL_FILES, filesReplyLooseSchema } from '../../../shared/schemas/findings/file-access';
import { request } from '../http-client';
import { HttpError } from '../http-error';
import { fetchFinding, findingQuery } from './finding-query';
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

/** `?window&label` of the file-access endpoints: 'All Files' sends no label. */
const labelQuery = (label: string, window?: string) => ({
  window,
  label: label === ALL_FILES ? undefined : label,
});

/**
 * GET findings/file-access of one label ('All Files': every label); failures read 'Failed to
 * fetch file access: {status}'.
 */
export function useFileAccess(investigationId: string, label: string, window?: string) {
  const query = labelQuery(label, window);
  return useQuery({
    ...findingQuery(investigationId, 'fileAccess', query),
    queryFn: ({ signal }) =>
      withMessage('file access', () =>
        fetchFinding(investigationId, 'fileAccess', query, {}, signal),
      ),
  });
}

/** GET findings/file-access/sankey of one label; failures read 'Failed to fetch sankey: {status}'. */
export function useFileSankey(investigationId: string, label: string, window?: string) {
  const query = labelQuery(label, window);
  return useQuery({
    ...findingQuery(investigationId, 'fileSankey', query),
    queryFn: ({ signal }) =>
      withMessage('sankey', () => fetchFinding(investigationId, 'fileSankey', query, {}, signal)),
  });
}

/**
 * GET findings/file-access/files; 'All Files' sends no label. The reply may be an array or an
 * object holding a files array (the brief allows both), so it is read with a looser schema
 * than the catalogue's. Failures read 'Failed to fetch files: {status}'.
 */
export function useFiles(investigationId: string, label: string, window?: string) {
  const query = labelQuery(label, window);
  return useQuery({
    queryKey: findingKeys.finding(investigationId, findingEndpoints.files.path, query),
    queryFn: ({ signal }) =>
      withMessage('files', () =>
        request(casePath(investigationId, findingEndpoints.files.path), {
          schema: filesReplyLooseSchema,
          query,
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
    fetchFinding(investigationId, 'fileEvents', { window }, { fileId }, signal),
  );
}

/** The events of one file, when a file is chosen. */
export function useFileEvents(investigationId: string, fileId: string | null, window?: string) {
  return useQuery({
    ...findingQuery(investigationId, 'fileEvents', { window }, { fileId: fileId ?? '' }),
    queryFn: ({ signal }) => fetchFileEvents(investigationId, fileId ?? '', window, signal),
    enabled: Boolean(fileId),
  });
}
