import { useState } from 'react';
import { toast } from 'sonner';

/** Copies a text to the clipboard and says so; the label names what is copied. */
export function CopyButton(props: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard.writeText(props.text).then(
      () => {
        setCopied(true);
        toast.success(`${props.label} copied`);
      },
      () =>
        toast.error(`Could not copy: select the ${props.label.toLowerCase()} and copy it by hand.`),
    );
  };
  return (
    <button
      type="button"
      className="button small"
      onClick={copy}
      aria-label={`Copy ${props.label}`}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
