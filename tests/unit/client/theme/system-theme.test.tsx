// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the operating system's colour scheme, as matchMedia reports it. */
function fakeColorScheme(initial: 'light' | 'dark') {
  let scheme = initial;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const matchMedia = (query: string): MediaQueryList => {
    const matchesFor = () =>
      query.includes('light') ? scheme === 'light' : query.includes('dark') && scheme === 'dark';
    return {
      media: query,
      get matches() {
        return matchesFor();
      },
      onchange: null,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.delete(listener),
      addListener: (listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
      removeListener: (listener: (event: MediaQueryListEvent) => void) =>
        listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };
  return {
    matchMedia,
    /** The user switches the operating system's appearance. */
    switchTo(next: 'light' | 'dark') {
      scheme = next;
      for (const listener of [...listeners]) {
        listener({ matches: next === 'light', media: '' } as MediaQueryListEvent);
      }
    },
  };
}

describe('the system theme', () => {
  beforeEach(() => {
    vi.resetModules();
    document.documentElement.className = 'dark';
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('follows the operating system when it changes, while the choice is system', async () => {
    const os = fakeColorScheme('dark');
    vi.stubGlobal('matchMedia', os.matchMedia);
    localStorage.setItem('ui-theme', 'system');
    const { Providers } = await import('../../../../src/client/app/providers');
    render(
      <Providers>
        <p>app</p>
      </Providers>,
    );
    expect(document.documentElement.classList.contains('dark')).toBe(true);

    act(() => os.switchTo('light'));
    expect(document.documentElement.classList.contains('light')).toBe(true);
    expect(document.documentElement.classList.contains('dark')).toBe(false);

    act(() => os.switchTo('dark'));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.classList.contains('light')).toBe(false);
  });

  it('keeps an explicit choice when the operating system changes', async () => {
    const os = fakeColorScheme('dark');
    vi.stubGlobal('matchMedia', os.matchMedia);
    localStorage.setItem('ui-theme', 'dark');
    const { Providers } = await import('../../../../src/client/app/providers');
    render(
      <Providers>
        <p>app</p>
      </Providers>,
    );
    act(() => os.switchTo('light'));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.classList.contains('light')).toBe(false);
  });
});
