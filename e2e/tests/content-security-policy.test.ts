import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { closeFirstLoginDialog, DEMO, signIn } from '../src/session.js';
import { startStaticServer, type StaticServer } from '../src/static-server.js';
import { productAndBrowserForSuite } from '../src/suite.js';

// The remotes come from a plain static server on another port, as from a CDN; the page enforces its policy.
const { product, browser } = productAndBrowserForSuite({ remotesOnOtherOrigin: true });

/** An origin the registry knows nothing of, serving a script that marks the page if it ever runs. */
let foreign: StaticServer;
let foreignDir: string;
before(async () => {
  foreignDir = mkdtempSync(path.join(os.tmpdir(), 'formularze-foreign-'));
  writeFileSync(path.join(foreignDir, 'x.js'), 'window.foreignScriptRan = true;');
  foreign = await startStaticServer({ root: foreignDir, allowOrigin: '*' });
});
after(async () => {
  await foreign?.close();
  rmSync(foreignDir, { recursive: true, force: true });
});

interface Violation {
  blockedURI: string;
  effectiveDirective: string;
  sourceFile: string;
}

/** A page that reports every policy violation of every document it shows, and CSP errors on its console. */
async function watchedPage() {
  const page = await browser().newPage();
  const violations: Violation[] = [];
  const consoleErrors: string[] = [];
  const remoteEntries: string[] = [];
  // A binding, not page state: the list survives navigations and cannot be touched by the policy.
  await page.exposeFunction('reportCspViolation', (violation: Violation) => violations.push(violation));
  await page.addInitScript(() => {
    window.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { reportCspViolation(violation: Violation): void })
          .reportCspViolation;
        report({
          blockedURI: event.blockedURI,
          effectiveDirective: event.effectiveDirective,
          sourceFile: event.sourceFile,
        });
      },
      true,
    );
  });
  page.on('console', (message) => {
    if (/content.security.policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  page.on('request', (request) => {
    if (request.url().endsWith('/remoteEntry.js')) remoteEntries.push(request.url());
  });
  return { page, violations, consoleErrors, remoteEntries };
}

async function areaHeading(page: Page, remote: string, heading: string) {
  await page
    .locator(`[data-remote="${remote}"]`)
    .getByRole('heading', { name: heading, exact: true })
    .waitFor();
}

function directive(policy: string, name: string): string[] {
  const found = policy.split(';').find((entry) => entry.trim().split(/\s+/)[0] === name);
  assert.ok(found, `${name} is missing from ${policy}`);
  return found.trim().split(/\s+/).slice(1);
}

async function eventually(check: () => boolean, what: string) {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('the five remotes load from the other origin under the policy, with no violation', async () => {
  const remotesUrl = product().remotesUrl!;
  const { page, violations, consoleErrors, remoteEntries } = await watchedPage();

  const response = await page.goto(`${product().url}/login`);
  const headers = response!.headers();
  const policy = headers['content-security-policy'] ?? '';
  assert.deepEqual(directive(policy, 'script-src'), ["'self'", remotesUrl]);
  assert.doesNotMatch(policy, /unsafe-eval/);
  assert.deepEqual(directive(policy, 'object-src'), ["'none'"]);
  assert.deepEqual(directive(policy, 'base-uri'), ["'none'"]);
  assert.deepEqual(directive(policy, 'frame-ancestors'), ["'none'"]);
  assert.equal(headers['x-content-type-options'], 'nosniff');
  assert.equal(headers['referrer-policy'], 'strict-origin-when-cross-origin');
  assert.equal(headers['strict-transport-security'], undefined, 'no HSTS over plain HTTP');
  await areaHeading(page, 'mfe-auth', 'Zaloguj się');

  await page.goto(`${product().url}/admin-panel/login`);
  await areaHeading(page, 'mfe-admin', 'Logowanie administratora');

  await signIn(page, product().url, DEMO.owner);
  await closeFirstLoginDialog(page);
  for (const [remote, pathname, heading] of [
    ['mfe-forms-builder', '/forms', 'Formularze'],
    ['mfe-filling', '/', 'Dzisiejsze akcje'],
    ['mfe-results', '/results', 'Formularze'],
  ] as const) {
    await page.goto(product().url + pathname);
    await areaHeading(page, remote, heading);
  }

  // The registration channel's WebSocket is on the page's own host: 'self' lets it connect.
  const channel = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const token = 'Y3NwLWNoZWNrLW9mLXRoZS1yZWdpc3RyYXRpb24tY2hhbm5lbA';
        const url = `${location.origin.replace(/^http/, 'ws')}/tenants/v1/ws/registration?token=${token}`;
        const socket = new WebSocket(url);
        socket.onopen = () => {
          socket.close();
          resolve('open');
        };
        socket.onerror = () => resolve('error');
      }),
  );
  assert.equal(channel, 'open');

  const entryOrigins = new Set(remoteEntries.map((url) => new URL(url).origin));
  assert.deepEqual([...entryOrigins], [remotesUrl], 'every remote entry came from the other origin');
  for (const remote of ['mfe-auth', 'mfe-admin', 'mfe-forms-builder', 'mfe-filling', 'mfe-results']) {
    assert.ok(
      remoteEntries.some((url) => url.startsWith(`${remotesUrl}/${remote}/`)),
      `${remote} was loaded`,
    );
  }
  assert.deepEqual(violations, []);
  assert.deepEqual(consoleErrors, []);
  await page.close();
});

test('a script from an origin outside the registry, inline code and eval are blocked and reported', async () => {
  const foreignScript = `${foreign.url}/x.js`;
  assert.equal((await fetch(foreignScript)).status, 200, 'the foreign server does serve the script');
  const { page, violations } = await watchedPage();
  await page.goto(`${product().url}/login`);
  await areaHeading(page, 'mfe-auth', 'Zaloguj się');

  const outcome = await page.evaluate(
    (src) =>
      new Promise<string>((resolve) => {
        const script = document.createElement('script');
        script.src = src;
        script.onload = () => resolve('loaded');
        script.onerror = () => resolve('blocked');
        document.head.append(script);
      }),
    foreignScript,
  );
  assert.equal(outcome, 'blocked');
  await eventually(
    () => violations.some((violation) => violation.blockedURI === foreignScript),
    'the violation report of the foreign script',
  );
  assert.equal(
    violations.find((violation) => violation.blockedURI === foreignScript)?.effectiveDirective,
    'script-src-elem',
  );

  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineScriptRan = true;';
    document.head.append(script);
  });
  await eventually(
    () => violations.some((violation) => violation.blockedURI === 'inline'),
    'the violation report of the inline script',
  );
  // Later, from a task of the page's own: code run by the test itself would be exempt from the policy.
  const evalOutcome = await page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        setTimeout(() => {
          try {
            resolve(String((0, eval)('1 + 1')));
          } catch (error) {
            resolve((error as Error).name);
          }
        }),
      ),
  );
  assert.equal(evalOutcome, 'EvalError');
  await eventually(
    () => violations.some((violation) => violation.blockedURI === 'eval'),
    'the violation report of eval',
  );

  const ran = await page.evaluate(() => {
    const marks = window as unknown as { foreignScriptRan?: boolean; inlineScriptRan?: boolean };
    return { foreign: marks.foreignScriptRan ?? false, inline: marks.inlineScriptRan ?? false };
  });
  assert.deepEqual(ran, { foreign: false, inline: false });
  await page.close();
});
