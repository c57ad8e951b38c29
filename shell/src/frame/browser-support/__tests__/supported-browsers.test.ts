import { isSupportedBrowser } from '../supported-browsers';

/** Real user-agent strings, as the browsers send them. */
const USER_AGENTS: [string, boolean, string][] = [
  [
    'Chrome 138 on Windows',
    true,
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
  ],
  [
    'HeadlessChrome 138 (e2e)',
    true,
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/138.0.0.0 Safari/537.36',
  ],
  [
    'Chrome 138 on Android',
    true,
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36',
  ],
  [
    'Chrome on iOS',
    true,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0.7204.119 Mobile/15E148 Safari/604.1',
  ],
  [
    'Firefox 140 on Windows',
    true,
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0',
  ],
  ['Firefox 140 on Android', true, 'Mozilla/5.0 (Android 14; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0'],
  [
    'Safari 17 on macOS',
    true,
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  ],
  [
    'Safari 17 on iOS',
    true,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ],
  [
    'Edge 138',
    true,
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36 Edg/138.0.3351.95',
  ],
  [
    'Opera 121',
    true,
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Safari/537.36 OPR/121.0.0.0',
  ],
  [
    'Samsung Internet 28',
    true,
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/28.0 Chrome/130.0.0.0 Mobile Safari/537.36',
  ],
  [
    // Also carries `Version/4.0`, which bowser on its own would take for UC Browser's version.
    'UC Browser 13.4',
    true,
    'Mozilla/5.0 (Linux; U; Android 10; en-US; SM-A505F Build/QP1A.190711.020) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.108 UCBrowser/13.4.0.1306 Mobile Safari/537.36',
  ],
  [
    'UC Browser 12.12',
    true,
    'Mozilla/5.0 (Linux; U; Android 9; en-US; SM-A105F Build/PPR1.180610.011) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/57.0.2987.108 UCBrowser/12.12.0.1187 Mobile Safari/537.36',
  ],
  [
    'UC Browser 12.11',
    false,
    'Mozilla/5.0 (Linux; U; Android 9; en-US; SM-J730F Build/PPR1.180610.011) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/57.0.2987.108 UCBrowser/12.11.5.1187 Mobile Safari/537.36',
  ],
  [
    // 12.9 is older than 12.12: versions compare by number, not as text.
    'UC Browser 12.9',
    false,
    'Mozilla/5.0 (Linux; U; Android 6.0; en-US; MotoG3 Build/MPIS24.65-33.1-2-16) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/57.0.2987.108 UCBrowser/12.9.0.1141 Mobile Safari/537.36',
  ],
  [
    'Safari 15 on macOS',
    false,
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6.1 Safari/605.1.15',
  ],
  [
    'Chrome 80',
    false,
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/80.0.3987.149 Safari/537.36',
  ],
  ['Internet Explorer 11', false, 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko'],
  ['an unknown bot', false, 'Mozilla/5.0 (compatible; ExampleCrawler/2.1; +http://www.example.com/bot.html)'],
  ['an empty user agent', false, ''],
];

describe('isSupportedBrowser', () => {
  it.each(USER_AGENTS)('%s → supported: %s', async (_name, supported, userAgent) => {
    await expect(isSupportedBrowser(userAgent)).resolves.toBe(supported);
  });
});
