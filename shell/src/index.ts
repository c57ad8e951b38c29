import { requestSessionEarly } from './session/early-session-request';

// The session check does not wait for the shell's chunks: every area waits for its answer.
requestSessionEarly();
// Module Federation negotiates shared modules before any of them runs: everything starts in bootstrap.
import('./bootstrap');
