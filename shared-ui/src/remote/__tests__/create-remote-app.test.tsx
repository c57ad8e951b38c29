import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { createRemoteApp, createStandaloneShell, type AreaPreload } from 'shared-ui/remote';

const GREETING = ['greeting'];

/** A screen that shows what its query client holds, and what it fetched itself. */
function Greeting() {
  const { data } = useQuery({ queryKey: GREETING, queryFn: async () => 'pobrane przy montowaniu' });
  return <p>{data ?? 'czekam'}</p>;
}

const preloaded: AreaPreload[] = [];
const app = createRemoteApp(Greeting, '1.0.0', {
  preload: (area) => {
    preloaded.push(area);
    area.queryClient.setQueryData(GREETING, `przygotowane dla ${area.pathname}`);
  },
});

function lifecycleProps(domElement: HTMLElement) {
  const shell = createStandaloneShell('mfe-filling');
  // single-spa's own props, which the lifecycles pass through.
  return { name: 'mfe-filling', shell, domElement, singleSpa: {}, mountParcel: jest.fn() } as never;
}

describe('createRemoteApp: what an area preloads before it mounts', () => {
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let wasActEnvironment: boolean | undefined;
  beforeAll(() => {
    wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterAll(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
  });

  afterEach(() => {
    preloaded.length = 0;
  });

  it('mounts with what preload requested, and forgets it when unmounted', async () => {
    const element = document.body.appendChild(document.createElement('div'));
    const props = lifecycleProps(element);
    app.preload({ pathname: '/formdata/add/5', authToken: () => 'token-karty' });

    expect(preloaded).toHaveLength(1);
    expect(preloaded[0]!.pathname).toBe('/formdata/add/5');
    // Not inside act(): single-spa-react resolves mount from a timer after React has committed.
    await app.bootstrap(props);
    await app.mount(props);
    expect(await screen.findByText('przygotowane dla /formdata/add/5')).toBeInTheDocument();

    await app.unmount(props);
    await app.mount(props);
    // Another mount (perhaps another person's session) starts from an empty cache.
    expect(await screen.findByText('pobrane przy montowaniu')).toBeInTheDocument();
    await app.unmount(props);
  });

  it('preloads nothing when the area has nothing to preload', () => {
    const plain = createRemoteApp(Greeting, '1.0.0');
    expect(() => plain.preload({ pathname: '/', authToken: () => null })).not.toThrow();
  });
});
