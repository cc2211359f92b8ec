import './styles/tokens.css';
import './styles/base.css';
import './styles/controls.css';
import './styles/layout.css';

import { StrictMode } from 'react';
import { z } from 'zod';
import { createRoot } from 'react-dom/client';

import { Providers } from './app/providers';
import { Root } from './app/root';

// zod probes `new Function` to speed parsing up; the CSP forbids eval, so it would log a violation.
z.config({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <Root />
    </Providers>
  </StrictMode>,
);
