import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's Chromium, headless; the flags keep it from calling out of this machine. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const LAUNCH_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(LAUNCH_OPTIONS);
}

/**
 * A browser with a profile on disk, as a person's: the contexts of `launchBrowser` are incognito,
 * where Chromium offers no installation of a web app.
 */
export function launchProfileBrowser(
  userDataDir: string,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { ...LAUNCH_OPTIONS, ...options });
}
