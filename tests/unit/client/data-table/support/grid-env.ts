import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** Height jsdom reports for every grid's scroll area (jsdom has no layout of its own). */
export const VIEWPORT_HEIGHT = 480;

/**
 * jsdom lays nothing out, so TanStack Virtual would see a 0 px viewport and render no rows.
 * The virtualizer reads the scroll element's clientHeight/clientWidth/scrollHeight and scrolls with
 * element.scrollTo; give grids a fixed viewport and make scrollTo move scrollTop and fire the
 * scroll event a browser would, a task later.
 */
export function installGridEnvironment(): void {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.getAttribute('role') === 'grid' ? VIEWPORT_HEIGHT : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.getAttribute('role') === 'grid' ? 900 : 0;
    });
    // What the browser would lay out: the header row plus one 28 px row per body row.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.getAttribute('role') === 'grid'
        ? Math.max(1, Number(this.getAttribute('aria-rowcount'))) * 28
        : 0;
    });
    Element.prototype.scrollTo = function (this: Element, options?: ScrollToOptions | number) {
      const top = typeof options === 'object' ? options.top : undefined;
      if (top !== undefined) this.scrollTop = top;
      // Browsers fire scroll events later, never inside the call that scrolled.
      setTimeout(() => this.dispatchEvent(new Event('scroll')), 0);
    };
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
}

/** Scrolls a grid the way a wheel would: moves scrollTop and fires scroll. */
export function scrollGrid(grid: HTMLElement, top: number): void {
  grid.scrollTop = top;
  grid.dispatchEvent(new Event('scroll'));
}
