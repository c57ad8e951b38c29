import type { Parser } from 'bowser';

/**
 * The oldest version of each browser the app supports, keyed by bowser's browser aliases. A browser missing
 * here (Internet Explorer, bots, anything unrecognised) is unsupported.
 *
 * The bundles are compiled to ES2022 (tools/webpack/create-config.js), so the evergreen browsers start at
 * their first version that runs all of ES2022; class static blocks arrived last in each.
 */
export const MINIMUM_BROWSER_VERSIONS: Parser.checkTree = {
  // bowser also reports HeadlessChrome (the e2e runs) and Chrome on iOS as `chrome`.
  chrome: '>=94',
  chromium: '>=94',
  edge: '>=94',
  firefox: '>=93',
  // Desktop and iOS Safari alike.
  safari: '>=16.4',
  opera: '>=80',
  samsung_internet: '>=17',
  // Spec §5 "Browser check": the one mobile browser that is unsupported below 12.12.
  uc: '>=12.12',
};

/**
 * UC Browser on Android sends `Version/4.0 … UCBrowser/13.4.0.1306`, and bowser reads the version from the
 * `Version/` token, so every UC Browser would look like 4.0 (bowser-js/bowser#454, open). Without that token
 * bowser falls back to the `UCBrowser/` one.
 */
function withUcBrowserVersionReadable(userAgent: string): string {
  return /UCBrowser\//i.test(userAgent) ? userAgent.replace(/\bVersion\/[\d.]+\s*/i, '') : userAgent;
}

/**
 * Whether to spare the user the unsupported-browser warning. bowser is imported here on demand so that it
 * stays out of the shell's initial bundle: the check is never urgent and the first paint has a tight budget.
 */
export async function isSupportedBrowser(userAgent: string): Promise<boolean> {
  // bowser throws on an empty string; a browser that does not say what it is cannot be vouched for.
  if (!userAgent) return false;
  const { default: Bowser } = await import('bowser');
  const parser = Bowser.getParser(withUcBrowserVersionReadable(userAgent));
  // `undefined` means the browser is not in the list at all.
  return parser.satisfies(MINIMUM_BROWSER_VERSIONS) === true;
}
