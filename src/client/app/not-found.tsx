/** Unmatched routes. */
export function NotFound() {
  return (
    <div className="page">
      <h1>Not Found</h1>
      <p className="muted">
        There is no screen at <code>{window.location.pathname}</code>. Press <kbd>Ctrl</kbd>{' '}
        <kbd>K</kbd> to find what you were looking for.
      </p>
    </div>
  );
}
