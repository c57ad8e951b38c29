import type { ActiveRemote, FederationManifest, RemoteRegistry } from '@formularze/domain/schemas/remotes';
import {
  accountCacheKey,
  foldersToKeep,
  isPageAddress,
  isPatientRead,
  offlineRemoteFile,
  staleRemoteFiles,
  versionFiles,
} from '../offline-routes';

const ORIGIN = 'https://formularze.example';

const version = (name: string, v: string, base = '/deployments') => ({
  version: v,
  manifestUrl: `${base}/${name}/${v}/mf-manifest.json`,
  entryUrl: `${base}/${name}/${v}/remoteEntry.js`,
});

function remote(
  name: ActiveRemote['name'],
  v: string,
  previous: string | null = null,
  base?: string,
): ActiveRemote {
  return {
    name,
    ...version(name, v, base),
    activatedAt: '2026-11-28T10:00:00Z',
    lastKnownGood: previous ? version(name, previous, base) : null,
  };
}

const registry = (...remotes: ActiveRemote[]): RemoteRegistry => ({ revision: 3, remotes });

test('the patient screens’ reads are kept offline; staff reads, results, the shop and writes’ paths are not', () => {
  for (const path of [
    '/api/persons/my',
    '/api/config',
    '/api/v2/forms/active',
    '/api/v2/forms/scheduled-for-future',
    '/api/v2/form_data/all/my',
    '/api/form_template/12',
    '/api/forms/scheduled/3',
    '/api/form_data/42',
    '/api/form_data/upload/file_types',
  ]) {
    expect([path, isPatientRead(path)]).toEqual([path, true]);
  }
  for (const path of [
    '/api/remotes',
    '/api/forms',
    '/api/form_data/serve_file/abc',
    '/api/form_data/csv/12',
    '/api/cart',
    '/api/persons',
    '/api/form_template/12/editions',
    '/employees/v1/persons/my',
  ]) {
    expect([path, isPatientRead(path)]).toEqual([path, false]);
  }
});

test('page addresses are every path but the API, deployments and media', () => {
  expect(isPageAddress('/')).toBe(true);
  expect(isPageAddress('/formdata/add/12')).toBe(true);
  expect(isPageAddress('/apiary')).toBe(true);
  expect(isPageAddress('/api/persons/my')).toBe(false);
  expect(isPageAddress('/deployments/mfe-filling/1.0.0+abcdef12/remoteEntry.js')).toBe(false);
  expect(isPageAddress('/org-media/files/a.pdf')).toBe(false);
});

test('files of the offline areas’ versioned folders are recognised; staff areas and unversioned paths are not', () => {
  expect(offlineRemoteFile('/deployments/mfe-filling/1.2.3+abcdef12/remoteEntry.js')).toEqual({
    remote: 'mfe-filling',
    version: '1.2.3+abcdef12',
  });
  expect(offlineRemoteFile('/deployments/mfe-auth/1.2.3-rc.1%2Babcdef12/412.0a1b2c3d4e.js')).toEqual({
    remote: 'mfe-auth',
    version: '1.2.3-rc.1+abcdef12',
  });
  expect(offlineRemoteFile('/deployments/mfe-admin/1.2.3+abcdef12/remoteEntry.js')).toBeNull();
  expect(offlineRemoteFile('/deployments/mfe-results/1.2.3+abcdef12/remoteEntry.js')).toBeNull();
  expect(offlineRemoteFile('/deployments/mfe-filling/latest/remoteEntry.js')).toBeNull();
});

test('the folders kept follow the registry: active and last known good versions of the offline areas on this origin', () => {
  const keep = foldersToKeep(
    registry(
      remote('mfe-filling', '1.0.1+bbbbbbbb', '1.0.0+aaaaaaaa'),
      remote('mfe-auth', '2.0.0+cccccccc', null, 'https://cdn.example/formularze'),
      remote('mfe-admin', '3.0.0+dddddddd'),
    ),
    ORIGIN,
  );
  expect(keep).toEqual([
    `${ORIGIN}/deployments/mfe-filling/1.0.1+bbbbbbbb/`,
    `${ORIGIN}/deployments/mfe-filling/1.0.0+aaaaaaaa/`,
  ]);
});

test('after a deploy and a rollback, the versions no page may load any more are the stale ones', () => {
  const cached = [
    `${ORIGIN}/deployments/mfe-filling/1.0.0+aaaaaaaa/remoteEntry.js`,
    `${ORIGIN}/deployments/mfe-filling/1.0.1+bbbbbbbb/remoteEntry.js`,
    `${ORIGIN}/deployments/mfe-filling/0.9.0+99999999/remoteEntry.js`,
    `${ORIGIN}/deployments/mfe-auth/2.0.0+cccccccc/mf-manifest.json`,
  ];
  // Rolled back from 1.0.1 to 1.0.0: 1.0.1 is now the one the registry names as last known good.
  const keep = foldersToKeep(
    registry(remote('mfe-filling', '1.0.0+aaaaaaaa', '1.0.1+bbbbbbbb'), remote('mfe-auth', '2.0.1+eeeeeeee')),
    ORIGIN,
  );
  expect(staleRemoteFiles(cached, keep)).toEqual([
    `${ORIGIN}/deployments/mfe-filling/0.9.0+99999999/remoteEntry.js`,
    `${ORIGIN}/deployments/mfe-auth/2.0.0+cccccccc/mf-manifest.json`,
  ]);
});

test('a version’s files: its manifest, its entry and every chunk of its exposes, next to the manifest', () => {
  const manifest: FederationManifest = {
    id: 'mfe_filling',
    name: 'mfe_filling',
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
    exposes: [
      {
        path: './app',
        assets: {
          js: { sync: ['__federation_expose_app.js', '12.aa.js'], async: ['34.bb.js', '12.aa.js'] },
          css: { sync: [], async: ['56.cc.css'] },
        },
      },
    ],
  };
  const folder = `${ORIGIN}/deployments/mfe-filling/1.0.0+aaaaaaaa/`;
  expect(versionFiles('/deployments/mfe-filling/1.0.0+aaaaaaaa/mf-manifest.json', manifest, ORIGIN)).toEqual([
    `${folder}mf-manifest.json`,
    `${folder}remoteEntry.js`,
    `${folder}__federation_expose_app.js`,
    `${folder}12.aa.js`,
    `${folder}34.bb.js`,
    `${folder}56.cc.css`,
  ]);
});

test('a read is cached per session token: another session never gets the same key', () => {
  const url = `${ORIGIN}/api/form_data/42?draft=true`;
  const first = accountCacheKey(url, 'aaaa');
  expect(first).toBe(`${ORIGIN}/api/form_data/42?draft=true&__session=aaaa`);
  expect(accountCacheKey(url, 'bbbb')).not.toBe(first);
});
