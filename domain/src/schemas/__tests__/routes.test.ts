import { remoteForPath, REMOTE_NAMES, routeFor, ROUTES, ROUTES_BY_REMOTE } from '../index';

/** An address of `pattern`, every parameter a record id. */
const addressOf = (pattern: string) => pattern.replace(/:[\w-]+/g, '7');

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
    const owners = new Set(ROUTES.map((route) => route.remote));
    expect([...owners].sort()).toEqual([...REMOTE_NAMES].sort());
  });
});

describe('the routes derived from the areas’ tables', () => {
  const declared = Object.entries(ROUTES_BY_REMOTE).flatMap(([remote, table]) =>
    Object.values(table).map((route) => [route.path, remote, route] as const),
  );

  it.each(declared)('%s is owned by %s, with its own permission', (path, remote, route) => {
    const match = routeFor(addressOf(path));
    expect(match?.route.remote).toBe(remote);
    expect(match?.route.permission).toBe(route.permission);
    expect(match?.route.deniedRedirect).toBe(route.deniedRedirect);
  });

  it('declares every address once', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each([
    ['/formdata/add/3', '/formdata/add/:formId'],
    ['/formdata/all/3', '/formdata/all/:formId'],
    ['/formdata/3', '/formdata/:formDataId'],
    ['/forms/active', '/forms/active'],
    ['/forms/add', '/forms/add'],
    ['/profile/api-keys', '/profile/api-keys'],
  ])('the most specific route takes %s', (pathname, path) => {
    expect(routeFor(pathname)?.route.path).toBe(path);
  });

  it('tells the list of members from one member', () => {
    expect(routeFor('/persons')?.route).toMatchObject({ permission: 'admin:fetchOrgUsers' });
    expect(routeFor('/persons')?.route.deniedRedirect).toBeUndefined();
    expect(routeFor('/persons/5')?.route).toMatchObject({
      permission: 'editor:editPerson',
      deniedRedirect: '/',
    });
  });

  it('matches / only by itself', () => {
    expect(routeFor('/')?.route).toMatchObject({ remote: 'mfe-filling', permission: 'main:view' });
    expect(routeFor('/start')).toBeNull();
  });

  it('matches whole addresses: a longer one belongs to nobody', () => {
    expect(routeFor('/forms/edit/12/extra')).toBeNull();
    expect(routeFor('/profile/other')).toBeNull();
  });

  it('reads the parameters, ignores trailing slashes and case, as React Router does', () => {
    expect(routeFor('/formdata/edit/3/9/')?.params).toEqual({ formId: '3', formDataId: '9' });
    expect(routeFor('/Forms/Active')?.route.path).toBe('/forms/active');
  });

  it('leaves the super-admin panel open to everyone', () => {
    expect(routeFor('/admin-panel')?.route.permission).toBeUndefined();
    expect(routeFor('/admin-panel/login')?.route.permission).toBeUndefined();
  });
});
