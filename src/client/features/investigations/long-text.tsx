import { useId, useState } from 'react';

import { formatNumber } from '../../components/format';
import './long-text.css';

/** Past this many characters or lines, the text is clipped until asked for in full. */
const CLIP_CHARACTERS = 600;
const CLIP_LINES = 6;

/**
 * Text a person typed, which may be long or one unbroken 20,000-character word: wrapped
 * anywhere so it never widens the page, clipped to a few lines, and readable in full with a
 * button (then in a scrollable region that the keyboard can scroll too).
 */
export function LongText(props: { text: string; label: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { text } = props;
  const long = text.length > CLIP_CHARACTERS || text.split('\n').length > CLIP_LINES;
  const state = !long ? '' : open ? ' is-open' : ' is-clipped';
  return (
    <div className="long-text">
      <div
        id={id}
        className={`long-text-body${state}`}
        {...(long && open ? { role: 'region', 'aria-label': props.label, tabIndex: 0 } : {})}
      >
        {text}
      </div>
      {long ? (
        <button
          type="button"
          className="button small ghost"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Show less' : `Show all ${formatNumber(text.length)} characters`}
        </button>
      ) : null}
    </div>
  );
}
