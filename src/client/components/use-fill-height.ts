import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';

/** The nearest ancestor that scrolls vertically (a workspace pane), or null for the window. */
function scrollParent(node: HTMLElement): HTMLElement | null {
  for (let at = node.parentElement; at; at = at.parentElement) {
    const { overflowY } = getComputedStyle(at);
    if (overflowY === 'auto' || overflowY === 'scroll') return at;
  }
  return null;
}

/**
 * The height that lets an element reach the bottom of the pane it scrolls in (when the pane is
 * scrolled to the top), less `gap`, and never under `min`: a list below a header uses the room
 * the screen has instead of a fixed few rows. Follows window and pane resizes.
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>, min: number, gap = 20): number {
  const [height, setHeight] = useState(min);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const parent = scrollParent(node);
    const measure = () => {
      const top = node.getBoundingClientRect().top;
      const [parentTop, parentHeight, scrolled] = parent
        ? [parent.getBoundingClientRect().top, parent.clientHeight, parent.scrollTop]
        : [0, window.innerHeight, window.scrollY];
      const offset = top - parentTop + scrolled;
      setHeight(Math.max(min, Math.floor(parentHeight - offset - gap)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    // The pane's size, and its content's (a header above growing moves the element down).
    const root = parent ?? document.documentElement;
    observer.observe(root);
    if (root.firstElementChild) observer.observe(root.firstElementChild);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref, min, gap]);
  return height;
}
