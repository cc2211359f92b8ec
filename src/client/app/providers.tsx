import { QueryClientProvider } from '@tanstack/react-query';
import { Provider, useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';

import { queryClient } from '../api/query-client';
import { TooltipProvider } from '../components/tooltip';
import { appStore } from '../state/store';
import { resolvedThemeAtom } from '../state/theme';

/** Toasts in the theme's colours; reading the resolved theme keeps it following the system. */
function ThemedToaster() {
  const theme = useAtomValue(resolvedThemeAtom);
  return (
    <Toaster
      position="bottom-right"
      duration={4000}
      visibleToasts={3}
      theme={theme}
      richColors
      closeButton
    />
  );
}

/**
 * The root store, the one QueryClient, the one tooltip provider (700 ms), and toasts
 * (bottom-right, 4 s, three at most).
 */
export function Providers(props: { children: ReactNode }) {
  return (
    <Provider store={appStore}>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          {props.children}
          <ThemedToaster />
        </TooltipProvider>
      </QueryClientProvider>
    </Provider>
  );
}
