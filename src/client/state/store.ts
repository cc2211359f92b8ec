import { createStore } from 'jotai';
import { queryClientAtom } from 'jotai-tanstack-query';

import { queryClient } from '../api/query-client';

/** The one root Jotai store; jotai-tanstack-query atoms share the app's one QueryClient. */
export const appStore = createStore();
appStore.set(queryClientAtom, queryClient);
