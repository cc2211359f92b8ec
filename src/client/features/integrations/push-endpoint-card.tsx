import { useState } from 'react';

import type { Integration } from '../../../shared/schemas/integrations';
import { CopyButton } from '../../components/copy-button';
import { RotateTokenDialog } from './rotate-token-dialog';
import { pushUrl } from './token-reveal';

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv',
  'json-array': 'application/json',
};

/** Where and how a source pushes batches, and the token rotation. */
export function PushEndpointCard(props: { integration: Integration }) {
  const { integration } = props;
  const [rotating, setRotating] = useState(false);
  const url = pushUrl(integration.id);
  const type = CONTENT_TYPES[integration.options.framing] ?? 'application/x-ndjson';
  const curl = `curl -X POST '${url}' \\\n  -H 'Authorization: Bearer <token>' \\\n  -H 'Content-Type: ${type}' \\\n  --data-binary @export.${type === 'text/csv' ? 'csv' : 'ndjson'}`;
  return (
    <section className="card" aria-labelledby="push-heading">
      <header>
        <h2 id="push-heading">Push endpoint</h2>
      </header>
      <div className="card-body stack">
        <div className="secret-box">
          <code aria-label="Push URL">{url}</code>
          <CopyButton text={url} label="Push URL" />
        </div>
        <div className="muted">
          NDJSON, a JSON array or CSV, up to 2 GiB a batch, written in one transaction; records that
          cannot become events are set aside in quarantine. The reply counts accepted, duplicate and
          quarantined records.
        </div>
        <pre className="code-block" aria-label="Example with curl">
          {curl}
        </pre>
        <div className="toolbar">
          <span>
            Token ending <code>{integration.tokenHint ?? '—'}</code>
          </span>
          <button type="button" className="button" onClick={() => setRotating(true)}>
            Rotate token…
          </button>
        </div>
      </div>
      {rotating ? (
        <RotateTokenDialog integration={integration} onClose={() => setRotating(false)} />
      ) : null}
    </section>
  );
}
