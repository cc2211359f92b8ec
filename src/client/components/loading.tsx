/** A quiet loading line; announced to screen readers. */
export function Loading(props: { label?: string }) {
  return (
    <div className="muted" role="status" aria-live="polite">
      {props.label ?? 'Loading…'}
    </div>
  );
}
