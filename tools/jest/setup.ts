import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// React Router needs these and jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Fluent UI measures some components (message bars, overflow); jsdom lays nothing out, so nothing changes size.
class ResizeObserverInJsdom {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverInJsdom;
