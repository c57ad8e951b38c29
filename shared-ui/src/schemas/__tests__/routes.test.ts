import { remoteForPath, REMOTE_NAMES, ROUTE_OWNERS } from '../index';

describe('remoteForPath', () => {
  it.each([
    ['/login', 'mfe-auth'],
    ['/password-set-new/abc', 'mfe-auth'],
    ['/profile/api-keys', 'mfe-auth'],
    ['/forms', 'mfe-forms-builder'],
    ['/forms/edit/12', 'mfe-forms-builder'],
    ['/forms/active', 'mfe-filling'],
    ['/', 'mfe-filling'],
    ['/formdata/add/3', 'mfe-filling'],
    ['/formdata/all/3/7', 'mfe-results'],
    ['/results/4', 'mfe-results'],
    ['/groups', 'mfe-results'],
    ['/admin-panel/login', 'mfe-admin'],
    ['/persons/5', 'mfe-admin'],
    ['/person/add', 'mfe-admin'],
  ])('%s belongs to %s', (path, remote) => {
    expect(remoteForPath(path)).toBe(remote);
  });

  it('matches whole segments only', () => {
    expect(remoteForPath('/formsx')).toBeNull();
    expect(remoteForPath('/loginx')).toBeNull();
  });

  it('owns no unknown route', () => {
    expect(remoteForPath('/nie-ma-takiej-strony')).toBeNull();
  });

  it('gives every remote at least one route', () => {
    const owners = new Set(ROUTE_OWNERS.map((owner) => owner.remote));
    expect([...owners].sort()).toEqual([...REMOTE_NAMES].sort());
  });
});
