// The page's first script (page-start.js): ~1.8 KB gzip, most of it the route tables that tell
// the screen of the address, run as soon as the head is parsed. The shell's own script runs only
// once the browser has compiled it, ~0.3 s into a cold load on a two-core machine; the session
// check and the screen's data need not wait that long. The shell's entry takes the requests over
// (and makes them itself should this script not have run).
import { requestScreenReadsEarly } from '../composition/early-screen-reads';
import { requestSessionEarly } from '../session/early-session-request';

requestSessionEarly();
requestScreenReadsEarly();
