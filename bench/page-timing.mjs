// What the page-load benchmarks read inside the page: when an element first appears, and which
// resources arrived until then. Both run in the browser (an init script, page.evaluate).

/**
 * Marks `window[key]` with performance.now() when an element matching `selector` (and containing
 * `text`, if given) first appears; install with page.addInitScript before the page loads.
 * @param {{ selector: string, key: string, text?: string }} options
 */
export function watchFor({ selector, key, text }) {
  const matches = () =>
    [...document.querySelectorAll(selector)].some((element) => !text || element.textContent.includes(text));
  const check = () => {
    if (!window[key] && matches()) window[key] = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Resources that finished in (from, to]: their URL, whether a script, the compressed body size and
 * whether it came over the network (a cache hit transfers nothing).
 * @param {{ from: number, to: number }} until
 */
export const resourcesUntil = (until) =>
  performance
    .getEntriesByType('resource')
    .filter((entry) => entry.responseEnd <= until.to && entry.responseEnd > until.from)
    .map((entry) => ({
      url: entry.name,
      js: entry.name.endsWith('.js') || entry.name.includes('.js?'),
      bytes: entry.encodedBodySize,
      fromNetwork: entry.transferSize > 0,
      start: entry.startTime,
      end: entry.responseEnd,
    }));
