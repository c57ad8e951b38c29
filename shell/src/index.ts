import { requestScreenReadsEarly } from './composition/early-screen-reads';
import { requestSessionEarly } from './session/early-session-request';

// The session check and the screen's data are normally on their way already: page-start.js asked
// for them before this script was compiled. Asked here only if it did not (these do not ask twice).
const signedIn = requestSessionEarly();
requestScreenReadsEarly();

// The rest of the shell and the libraries it shares with the areas are in this very script (its
// shared modules are eager): one download rather than two dozen small ones queued behind the
// browser's six connections. Imported eagerly rather than statically, the modules run after the
// two requests above are on their way.
// A signed-in page calls the API at once: its HTTP library downloads while the shell starts.
if (signedIn) {
  void import(/* webpackMode: "eager" */ 'shared-ui/api-client').then(({ preloadHttpLibrary }) =>
    preloadHttpLibrary(),
  );
}
// Areas use a shared module's copy that the page has already loaded (shareStrategy 'loaded-first'):
// every area renders through shared-ui/remote, which the shell itself does not use, so it is loaded
// here, before an area asks for it, or the area would fetch its own copy.
void import(/* webpackMode: "eager" */ 'shared-ui/remote');
// The area on screen loads while the shell starts rather than after the shell's first render.
void import(/* webpackMode: "eager" */ './composition/current-area').then(({ loadCurrentArea }) =>
  loadCurrentArea(),
);
void import(/* webpackMode: "eager" */ './bootstrap').then(({ boot }) => boot());
