import { useId, useState } from 'react';
import type { FormEvent } from 'react';

import type { Integration } from '../../../shared/schemas/integrations';
import { useUploadExport } from '../../api/integrations/upload-export';
import { CommandButton } from '../../components/command-button';
import type { UploadProgress, UploadResult } from '../../api/integrations/upload-export';
import { integrationError } from './integration-errors';
import { IngestResult } from './ingest-result';

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** Uploads an export file with a progress bar, then shows what the batch gave. */
export function UploadCard(props: { integration: Integration }) {
  const { integration } = props;
  const inputId = useId();
  const upload = useUploadExport(integration.id);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [result, setResult] = useState<UploadResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setResult(null);
    setError(null);
    setProgress({ loaded: 0, total: file.size });
    upload.mutate(
      { file, onProgress: setProgress },
      { onSuccess: setResult, onError: (caught) => setError(integrationError(caught)) },
    );
  };
  const sent = progress && progress.total > 0 ? progress.loaded / progress.total : 0;

  return (
    <section className="card" aria-labelledby="upload-heading">
      <header>
        <h2 id="upload-heading">Upload an export</h2>
      </header>
      <form className="card-body stack" onSubmit={onSubmit}>
        <div className="inline-form">
          <div className="field">
            <label htmlFor={inputId}>Export file ({integration.kindLabel})</label>
            <input
              id={inputId}
              type="file"
              accept=".json,.ndjson,.jsonl,.csv,.txt,application/json,text/csv"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </div>
          <CommandButton
            type="submit"
            className="button primary"
            disabled={upload.isPending}
            disabledReason={
              !integration.enabled
                ? 'Enable the integration to upload'
                : !file
                  ? 'Choose an export file first'
                  : undefined
            }
          >
            Upload
          </CommandButton>
        </div>
        {progress && upload.isPending ? (
          <div className="stack">
            <progress className="progress-bar" max={1} value={sent} aria-label="Upload progress" />
            <span className="muted">
              {sent < 1
                ? `Sending ${megabytes(progress.loaded)} of ${megabytes(progress.total)}…`
                : 'Sent; checking every record and writing the batch…'}
            </span>
          </div>
        ) : null}
        {error ? (
          <div className="alert error" role="alert">
            {error}
          </div>
        ) : null}
        {result ? (
          <IngestResult
            {...result}
            message={'message' in result ? result.message : undefined}
            quarantineId={integration.id}
          />
        ) : null}
      </form>
    </section>
  );
}
