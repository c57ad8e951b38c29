import '@testing-library/jest-dom';
import { configure } from '@testing-library/dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { deserialize, serialize } from 'node:v8';

// Pages load lazily and Fluent trees render slowly: on a loaded 2-core CI machine (the unit tests
// run beside the API's) a page's first render takes more than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

// React Router needs these and jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// fake-indexeddb clones what it stores, and jsdom has no structuredClone. Node's serializer clones
// the plain values the page tests store; files are cloned in the storage's own tests (node environment).
globalThis.structuredClone ??= (value) => deserialize(serialize(value));

// Fluent UI measures some components (message bars, overflow); jsdom lays nothing out, so nothing changes size.
class ResizeObserverInJsdom {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverInJsdom;

// Tabster (Fluent's focus manager) hides everything outside the active modal with aria-hidden on a
// timer. In jsdom, when that timer races the test's pointer events on a busy machine, it marks the
// open modal dialog itself hidden, and role queries no longer see it
// (https://github.com/microsoft/fluentui/issues/33897). A browser never hides the modal it is
// showing, so neither does the test DOM; the browser tests cover the real attribute handling.
// Tests of browser storage run in Node's environment (structuredClone, Blob, BroadcastChannel): no document.
if (typeof document !== 'undefined') {
  new MutationObserver((mutations) => {
    for (const { target } of mutations) {
      if (target instanceof Element && target.getAttribute('aria-modal') === 'true') {
        target.removeAttribute('aria-hidden');
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-hidden'] });
}
