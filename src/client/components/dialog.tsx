import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * A modal dialog: focus moves into it, Escape closes it, focus returns where it was, and Tab
 * stays inside. Over another dialog, Escape closes only the top one. Rendered in a portal over the whole workspace.
 */
export function Dialog(props: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { onClose } = props;
  // Where the focus was before the dialog, read while it first renders: by the time an effect
  // runs, a field with autoFocus inside it already has the focus, which would then be "restored"
  // to a field that no longer exists.
  const [previous] = useState(() => document.activeElement as HTMLElement | null);
  useEffect(() => {
    const node = ref.current;
    const first = node?.querySelector<HTMLElement>(
      '[autofocus], input, select, textarea, button:not(.dialog-close)',
    );
    (first ?? node)?.focus();
    return () => previous?.focus();
  }, [previous]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // With a dialog opened over another, only the top one (the last mounted) answers keys.
      const open = document.querySelectorAll('[data-overlay="dialog"]');
      if (open[open.length - 1] !== ref.current) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onClose();
      }
      if (event.key === 'Tab' && ref.current) {
        const focusable = [
          ...ref.current.querySelectorAll<HTMLElement>(
            'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])',
          ),
        ].filter((el) => !el.hasAttribute('disabled'));
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        }
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onClose]);
  return createPortal(
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-label={props.title}
        ref={ref}
        tabIndex={-1}
        data-overlay="dialog"
        style={props.wide ? { width: 'min(820px, calc(100vw - 32px))' } : undefined}
      >
        <header>
          <h2>{props.title}</h2>
          <button
            type="button"
            className="button ghost small dialog-close"
            onClick={onClose}
            aria-label="Esc, close"
          >
            Esc
          </button>
        </header>
        <div className="dialog-body">{props.children}</div>
        {props.footer ? <footer>{props.footer}</footer> : null}
      </div>
    </div>,
    document.body,
  );
}
