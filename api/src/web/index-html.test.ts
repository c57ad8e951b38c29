import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AppConfig, FederationManifest } from '@formularze/domain/schemas';
import type { ActiveRow } from '../remotes/remotes-repository';
import { federationManifestFixture } from '../../test/fixtures';
import { renderIndexHtml } from './index-html';

const TEMPLATE = '<head><!--formularze:head--></head>';

const appConfig: AppConfig = {
  hasAnyJoinableOrganization: true,
  requireGlobalTosAcceptance: false,
  hasSingleScheduledForm: false,
  singleScheduledFormId: null,
  autoLogoutEnabled: true,
};

function row(manifestUrl: string, manifest: FederationManifest): ActiveRow {
  return {
    name: 'mfe-auth',
    deploymentId: 1,
    version: '1.0.0+abcdef12',
    manifestUrl,
    manifest,
    activatedAt: new Date('2026-01-01T00:00:00Z'),
    lastKnownGood: null,
  };
}

function preloads(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
}

const render = (rows: ActiveRow[], pathname = '/login') =>
  renderIndexHtml(TEMPLATE, { registry: { revision: 1, remotes: [] }, rows, pathname, appConfig });

test('assets of a remote on another origin resolve next to its manifest', () => {
  const html = render([
    row(
      'https://cdn.example/mfe-auth/1.0.0+abcdef12/mf-manifest.json',
      federationManifestFixture('mfe-auth'),
    ),
  ]);
  assert.deepEqual(preloads(html), [
    'https://cdn.example/mfe-auth/1.0.0+abcdef12/remoteEntry.js',
    'https://cdn.example/mfe-auth/1.0.0+abcdef12/646.80280f349a.js',
    'https://cdn.example/mfe-auth/1.0.0+abcdef12/__federation_expose_app.e563bad0c8.js',
  ]);
});

test('an explicit publicPath and a remote entry in a subfolder are honoured', () => {
  const manifest = federationManifestFixture('mfe-auth', { publicPath: 'https://static.example/auth' });
  manifest.metaData.remoteEntry.path = 'entry';
  const html = render([row('/deployments/mfe-auth/1.0.0+abcdef12/mf-manifest.json', manifest)]);
  assert.deepEqual(preloads(html).slice(0, 2), [
    'https://static.example/auth/entry/remoteEntry.js',
    'https://static.example/auth/646.80280f349a.js',
  ]);
});

test('the template is left intact around the marker, `$` patterns included', () => {
  const html = renderIndexHtml('<head>$&<!--formularze:head-->$1</head>', {
    registry: { revision: 7, remotes: [] },
    rows: [],
    pathname: '/',
    appConfig,
  });
  assert.equal(
    html,
    '<head>$&<script type="application/json" id="remote-registry">{"revision":7,"remotes":[]}</script>\n    ' +
      `<script type="application/json" id="app-config">${JSON.stringify(appConfig)}</script>$1</head>`,
  );
});
