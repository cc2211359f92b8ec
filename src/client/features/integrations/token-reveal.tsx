import { CopyButton } from '../../components/copy-button';

/** A freshly issued ingest token: shown this once, with a copy button. */
export function TokenReveal(props: { token: string }) {
  return (
    <div className="stack">
      <div className="alert warning" role="status">
        Copy the ingest token now: it is shown only once. Vigil keeps only its hash; if it is lost,
        rotate it.
      </div>
      <div className="secret-box">
        <code aria-label="Ingest token">{props.token}</code>
        <CopyButton text={props.token} label="Ingest token" />
      </div>
    </div>
  );
}

/** The URL a source pushes batches to. */
export function pushUrl(integrationId: string): string {
  return `${window.location.origin}/api/app/integrations/${encodeURIComponent(integrationId)}/ingest`;
}
