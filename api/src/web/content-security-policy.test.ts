import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ActiveRemote, RemoteRegistry } from '@formularze/domain/schemas';
import { contentSecurityPolicy, remoteOrigins } from './content-security-policy';

function remote(name: ActiveRemote['name'], base: string, lastKnownGoodBase?: string): ActiveRemote {
  const version = (hash: string) => `1.0.0+${hash}`;
  return {
    name,
    version: version('aaaaaaaa'),
    manifestUrl: `${base}/${name}/1.0.0+aaaaaaaa/mf-manifest.json`,
    entryUrl: `${base}/${name}/1.0.0+aaaaaaaa/remoteEntry.js`,
    activatedAt: '2026-01-01T00:00:00.000Z',
    lastKnownGood: lastKnownGoodBase
      ? {
          version: version('bbbbbbbb'),
          manifestUrl: `${lastKnownGoodBase}/${name}/1.0.0+bbbbbbbb/mf-manifest.json`,
          entryUrl: `${lastKnownGoodBase}/${name}/1.0.0+bbbbbbbb/remoteEntry.js`,
        }
      : null,
  };
}

const registry = (...remotes: ActiveRemote[]): RemoteRegistry => ({ revision: 1, remotes });

/** The directives of a policy by name, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

test('remotes on this origin add no origin: the policy allows only the page itself', () => {
  assert.deepEqual(remoteOrigins(registry(remote('mfe-auth', '/deployments', '/deployments'))), []);
  const policy = directives(contentSecurityPolicy([]));
  assert.deepEqual(policy.get('script-src'), ["'self'"]);
  assert.deepEqual(policy.get('connect-src'), ["'self'"]);
});

test('the origins of active and last known good versions, once each, without paths', () => {
  const origins = remoteOrigins(
    registry(
      remote('mfe-auth', 'https://cdn.example/formularze', 'HTTPS://Old-CDN.example:443'),
      remote('mfe-results', 'https://cdn.example:8443'),
      remote('mfe-admin', '/deployments', 'https://cdn.example/formularze'),
    ),
  );
  assert.deepEqual(origins, ['https://cdn.example', 'https://cdn.example:8443', 'https://old-cdn.example']);
});

test('scripts come only from the page and the remotes: no inline script, no eval', () => {
  const policy = directives(contentSecurityPolicy(['https://cdn.example']));
  assert.deepEqual(policy.get('script-src'), ["'self'", 'https://cdn.example']);
  assert.deepEqual(policy.get('default-src'), ["'self'"]);
  assert.deepEqual(policy.get('object-src'), ["'none'"]);
  assert.deepEqual(policy.get('base-uri'), ["'none'"]);
  assert.deepEqual(policy.get('frame-ancestors'), ["'none'"]);
  // The patient app's service worker and web app manifest are this origin's files.
  assert.deepEqual(policy.get('worker-src'), ["'self'", 'blob:']);
  assert.deepEqual(policy.get('manifest-src'), ["'self'"]);
  assert.ok(policy.get('connect-src')?.includes('https://cdn.example'));
  assert.doesNotMatch(contentSecurityPolicy(['https://cdn.example']), /unsafe-eval/);
  for (const [name, sources] of policy) {
    if (name !== 'style-src') assert.ok(!sources.includes("'unsafe-inline'"), `${name} allows inline code`);
  }
});

test('a URL that is neither an origin path nor http(s) never becomes a source', () => {
  const odd = remote('mfe-auth', '/deployments');
  odd.entryUrl = "javascript:alert('x')";
  odd.manifestUrl = '//cdn.example/mfe-auth/mf-manifest.json';
  assert.deepEqual(remoteOrigins(registry(odd)), []);
});
