import { screen } from '@testing-library/react';
import type { RemoteRegistry } from '@formularze/domain/schemas';
import { aFakeApiClient, aPerson, renderInRemote } from 'shared-ui/testing';
import { anOrganizationProfile } from '../../../shared/__tests__/organization-profile-fixture';
import { AboutPage } from '../components/AboutPage';

/** The API as the page sees it: one fake client answering by address. */
const api = aFakeApiClient();

const activeVersion = (name: string, version: string) => ({
  name,
  version,
  manifestUrl: `/deployments/${name}/${version}/mf-manifest.json`,
  entryUrl: `/deployments/${name}/${version}/remoteEntry.js`,
  activatedAt: '2026-11-20T10:00:00.000Z',
  lastKnownGood: null,
});
const registry: RemoteRegistry = {
  revision: 7,
  remotes: [
    activeVersion('mfe-auth', '1.0.0+aaaaaaaa'),
    activeVersion('mfe-forms-builder', '1.2.0+bbbbbbbb'),
    activeVersion('mfe-filling', '1.3.0+cccccccc'),
    activeVersion('mfe-results', '1.4.0+dddddddd'),
  ],
} as RemoteRegistry;
const organization = anOrganizationProfile({
  id: 3,
  customFooter: 'Rejestracja: tel. 22 123 45 67, pon.–pt. 8–16',
  billingInfo: {
    name: 'Przychodnia Zdrowie',
    street: 'Jasna 1A/3',
    zipCode: '00-950',
    city: 'Warszawa',
    taxId: null,
    post: null,
  },
});

const answers: Record<string, unknown> = {
  '/api/version': { version: '2.5.0' },
  '/api/remotes': registry,
  '/api/organizations/my': organization,
};

beforeEach(() =>
  api.get.mockImplementation(async (url: string) => {
    if (!(url in answers)) throw new Error(`unexpected GET ${url}`);
    return { data: answers[url] };
  }),
);
afterEach(() => api.get.mockReset());

const versionOf = (name: string) => document.querySelector(`[data-about-version="${name}"] dd`)?.textContent;

describe('AboutPage', () => {
  it("names the product and shows the API's version and each area's", async () => {
    renderInRemote('mfe-auth', <AboutPage />, { path: '/about', api });
    expect(screen.getByRole('heading', { name: 'O aplikacji' })).toBeInTheDocument();
    expect(screen.getByText('Formularze')).toBeInTheDocument();
    expect(await screen.findByText('2.5.0')).toBeInTheDocument();
    expect(await screen.findByText('1.2.0+bbbbbbbb')).toBeInTheDocument();
    expect(versionOf('mfe-filling')).toBe('1.3.0+cccccccc');
    expect(versionOf('mfe-results')).toBe('1.4.0+dddddddd');
    // An area with nothing active says so rather than showing a dash that could be a version.
    expect(versionOf('mfe-admin')).toBe('brak wersji');
  });

  it('shows the version of this area that actually loaded, not the registry one', async () => {
    const { shell } = renderInRemote('mfe-auth', <AboutPage />, { path: '/about', api });
    await screen.findByText('1.2.0+bbbbbbbb');
    expect(versionOf('mfe-auth')).toBe(shell.remote.version);
  });

  it('asks a guest to contact the facility and reads no organization', async () => {
    renderInRemote('mfe-auth', <AboutPage />, { path: '/about', api });
    expect(screen.getByText(/skontaktuj się z placówką/)).toBeInTheDocument();
    await screen.findByText('2.5.0');
    expect(api.get).not.toHaveBeenCalledWith('/api/organizations/my');
  });

  it("gives a patient their organization's name", async () => {
    renderInRemote('mfe-auth', <AboutPage />, { path: '/about', person: aPerson('ROLE_USER'), api });
    expect(screen.getByText('Przychodnia')).toBeInTheDocument();
    await screen.findByText('2.5.0');
    expect(api.get).not.toHaveBeenCalledWith('/api/organizations/my');
  });

  it("gives an owner the organization's address and contact text from its profile", async () => {
    renderInRemote('mfe-auth', <AboutPage />, { path: '/about', person: aPerson('ROLE_OWNER'), api });
    expect(await screen.findByText('Jasna 1A/3')).toBeInTheDocument();
    expect(screen.getByText('00-950 Warszawa')).toBeInTheDocument();
    expect(screen.getByText('Rejestracja: tel. 22 123 45 67, pon.–pt. 8–16')).toBeInTheDocument();
  });
});
