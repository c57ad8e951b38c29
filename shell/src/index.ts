import { requestScreenReadsEarly } from './composition/early-screen-reads';
import { requestSessionEarly } from './session/early-session-request';

// The session check does not wait for the shell's chunks: every area waits for its answer.
const signedIn = requestSessionEarly();
// Nor does the data of the screen on the page's address: the area takes the answers over.
requestScreenReadsEarly();
// A signed-in page calls the API at once: its HTTP library downloads beside the shell's chunks.
if (signedIn) void import('shared-ui/api-client').then(({ preloadHttpLibrary }) => preloadHttpLibrary());
// Every area renders through shared-ui/remote: the shell's copy downloads beside the shell's own
// chunks rather than once an area asks for it.
void import('shared-ui/remote');
// The area on screen loads beside the shell's chunks rather than after the shell's first render.
const currentArea = import('./composition/current-area');
void currentArea.then(({ loadCurrentArea }) => loadCurrentArea());
// Module Federation negotiates shared modules before any of them runs: everything starts in bootstrap.
void import('./bootstrap').then(({ boot }) => boot(currentArea));
