import type { Platform } from '../../shared/keymap/key-string';

/** The platform whose modifier `mod` means: Cmd on macOS, Ctrl elsewhere. */
export const platform: Platform = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)
  ? 'mac'
  : /Win/.test(navigator.platform || navigator.userAgent)
    ? 'windows'
    : 'linux';
