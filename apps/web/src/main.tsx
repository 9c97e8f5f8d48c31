import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );

// A reload inside the console: the page's code loads beside the shell's, and both render at once when
// here (rendering first would only show an empty fallback, then wait React's reveal delay for each).
if (getSession().sessionid) void preloadAddress(window.location.hash).then(render);
else render();
