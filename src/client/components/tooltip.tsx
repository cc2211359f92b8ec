import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { FocusEvent, ReactElement, ReactNode } from 'react';
import { createContext, useContext, useEffect, useRef, useState } from 'react';

/** How long a pointer rests on, or the focus stays on, a control before its tooltip opens. */
export const TOOLTIP_DELAY_MS = 700;

const ProvidedContext = createContext(false);

/** The app's one tooltip provider (Radix), mounted once at the root with the 700 ms delay. */
export function TooltipProvider(props: { children: ReactNode }) {
  return (
    // Not hoverable: the pointer leaving the control closes its tooltip at once (a tooltip
    // says something short; nothing in it is for the pointer to reach).
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS} disableHoverableContent>
      <ProvidedContext.Provider value>{props.children}</ProvidedContext.Provider>
    </RadixTooltip.Provider>
  );
}

/** Where the tooltip sits relative to its control. */
export type TooltipSide = 'top' | 'right' | 'bottom' | 'left';

interface TooltipProps {
  /** What the tooltip says; nothing (undefined, null, '') leaves the child without one. */
  content: ReactNode;
  /** One element (a button, a span) that takes the trigger's props and ref. */
  children: ReactElement;
  side?: TooltipSide;
  /**
   * Asked when the tooltip is about to open; false keeps it shut (a cell whose text fits).
   * Receives the trigger element.
   */
  when?: (trigger: HTMLElement) => boolean;
}

/**
 * The one tooltip of Vigil (Radix Tooltip, styled for both themes in controls.css), replacing
 * the browser's `title`: icon buttons name themselves, truncated text shows all of itself, and
 * disabled commands say why. It opens 700 ms after the pointer rests on the child, and as long
 * after keyboard focus arrives (Radix would open at once on focus; a person tabbing past a
 * toolbar should not see every tooltip flash). Outside the app's provider (a component rendered
 * alone, as in unit tests) the child shows without a tooltip.
 */
export function Tooltip(props: TooltipProps) {
  const provided = useContext(ProvidedContext);
  const empty = props.content === undefined || props.content === null || props.content === '';
  if (!provided || empty) return props.children;
  return <ProvidedTooltip {...props} />;
}

function ProvidedTooltip(props: TooltipProps) {
  const { when } = props;
  const [open, setOpen] = useState(false);
  // Radix types its trigger as a button; with asChild it is whatever element the child is.
  const trigger = useRef<HTMLButtonElement>(null);
  const focusTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(focusTimer.current), []);

  const change = (next: boolean) => {
    window.clearTimeout(focusTimer.current);
    if (next && when && trigger.current && !when(trigger.current)) return;
    setOpen(next);
  };
  // Radix skips its own focus handler (which opens at once) when ours prevents the default.
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    event.preventDefault();
    if (!focusVisible(event.currentTarget)) return;
    window.clearTimeout(focusTimer.current);
    focusTimer.current = window.setTimeout(() => change(true), TOOLTIP_DELAY_MS);
  };

  return (
    <RadixTooltip.Root open={open} onOpenChange={change}>
      <RadixTooltip.Trigger asChild ref={trigger} onFocus={onFocus} onBlur={() => change(false)}>
        {props.children}
      </RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className="tooltip" side={props.side ?? 'top'} sideOffset={6}>
          {props.content}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}

/** Focus from the keyboard (a click focuses too, and then the pointer's tooltip is enough). */
function focusVisible(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true; // A DOM without the selector (jsdom): treat focus as the keyboard's.
  }
}

/** Whether an element's text is cut off (it ends in an ellipsis). */
export function isTruncated(element: HTMLElement): boolean {
  return element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight;
}

/**
 * Text on one line that ends in an ellipsis when it does not fit; then, and only then, a
 * tooltip shows all of it (the text as rendered, so a formatted date reads as on screen).
 */
export function TruncatedText(props: { children: ReactNode; className?: string }) {
  const [full, setFull] = useState('');
  return (
    <Tooltip
      content={full || ' '}
      when={(element) => {
        setFull(element.textContent ?? '');
        return isTruncated(element);
      }}
    >
      <span className={props.className ?? 'truncate'}>{props.children}</span>
    </Tooltip>
  );
}
