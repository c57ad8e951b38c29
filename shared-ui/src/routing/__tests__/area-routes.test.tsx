import { render, screen } from '@testing-library/react';
import { MemoryRouter, matchRoutes } from 'react-router-dom';
import { routeFor, ROUTES, type RouteTable } from '@formularze/domain/schemas';
import { AreaRoutes, lazyComponent, type RoutePages } from '../index';

describe('the shell’s route matching and React Router’s', () => {
  const routerRoutes = ROUTES.map((route, index) => ({ path: route.path, id: String(index) }));
  const addresses = [
    ...ROUTES.map((route) => route.path.replace(/:[\w-]+/g, '7')),
    ...ROUTES.map((route) => route.path.replace(/:[\w-]+/g, 'add') + '/'),
    '/formdata/add',
    '/formdata/all',
    '/formdata/z/7',
    '/forms/active/7',
    '/FORMS',
    '/nie-ma-takiej-strony',
  ];

  it.each(addresses)('choose the same route for %s', (pathname) => {
    const chosen = matchRoutes(routerRoutes, pathname)?.[0]?.route.id;
    const match = routeFor(pathname);
    expect(match && String(ROUTES.indexOf(match.route))).toBe(chosen ?? null);
  });
});

describe('AreaRoutes', () => {
  const TABLE = {
    list: { path: '/things' },
    one: { path: '/things/:thingId' },
  } satisfies RouteTable;
  const ThingPage = lazyComponent(
    () => Promise.resolve({ ThingPage: () => <h1>Jedna rzecz</h1> }),
    'ThingPage',
  );
  const PAGES = { list: <h1>Rzeczy</h1>, one: <ThingPage /> } satisfies RoutePages<typeof TABLE>;

  const renderAt = (address: string) =>
    render(
      <MemoryRouter initialEntries={[address]}>
        <AreaRoutes routes={TABLE} pages={PAGES} />
      </MemoryRouter>,
    );

  it('shows the page bound to the route of the address', () => {
    renderAt('/things');
    expect(screen.getByRole('heading', { name: 'Rzeczy' })).toBeInTheDocument();
  });

  it('shows a lazy page once its module has loaded', async () => {
    renderAt('/things/3');
    expect(await screen.findByRole('heading', { name: 'Jedna rzecz' })).toBeInTheDocument();
  });
});
