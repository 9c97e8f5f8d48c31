import { startAddressCode } from './app/startAddressCode.ts';
import { SessionKey } from './session/storageKeys.ts';

// The console's entry is tiny on purpose: on a reload inside the console (a session is stored), the shell's and
// the page's code and catalogs start downloading at once, beside the console's own code (start.tsx: React, antd,
// the router), instead of after that code has been downloaded, parsed and run.
if (sessionStorage.getItem(SessionKey.SESSION_ID)) startAddressCode(window.location.hash);

// One retry, as for a page's code; a second failure leaves the error in the console (nothing of the UI is here yet).
void import('./start.tsx').catch(() => import('./start.tsx'));
