import { useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error))
    return `${error.status} ${error.statusText}\n${JSON.stringify(error.data, null, 2)}`;
  if (error instanceof Error)
    return `${error.name}: ${error.message}${error.stack ? `\n\n${error.stack}` : ''}`;
  return JSON.stringify(error, null, 2);
}

/** The brief's generic fallback for an unexpected route failure, with the details on request. */
export function RouteError() {
  const error = useRouteError();
  const [shown, setShown] = useState(false);
  return (
    <div className="page" role="alert">
      <h1>Something went wrong!</h1>
      <div>
        <button
          type="button"
          className="button"
          onClick={() => setShown((value) => !value)}
          aria-expanded={shown}
        >
          {shown ? 'Hide Error' : 'Show Error'}
        </button>
      </div>
      {shown ? (
        <pre className="card" style={{ padding: 12, whiteSpace: 'pre-wrap', overflow: 'auto' }}>
          {describe(error)}
        </pre>
      ) : null}
    </div>
  );
}
