/** The console itself, loaded by the entry (main.tsx): providers, router, first render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'virtual:antd.css';
import './i18n/index.ts';
import { AppProviders } from './app/AppProviders.tsx';
import { AppRouter } from './app/router.tsx';
import { preloadAddress } from './app/routes.tsx';
import { getSession } from './session/session.ts';
import { FONT_FAMILY } from './app/theme.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// Text outside antd components (plain elements, portals) takes the theme's font, never the browser's serif default.
document.body.style.fontFamily = FONT_FAMILY;

// A reload inside the console: the shell's and the page's lazy components take the code main.tsx started fetching
// as soon as it is here, not once the shell has rendered.
if (getSession().sessionid) void preloadAddress(window.location.hash);

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
