import { render, screen } from '@testing-library/react';
import type { ApiClient } from 'shared-ui/api-client';
import { createStandaloneShell, RemoteProviders, useApiClient } from 'shared-ui/remote';
import { aFakeApiClient } from 'shared-ui/testing';

const clientsSeen: ApiClient[] = [];

/** A screen that records the client it calls the API with, at each render. */
function ClientUser() {
  clientsSeen.push(useApiClient());
  return <p>gotowe</p>;
}

describe('useApiClient: the client a remote calls the API with', () => {
  const shell = createStandaloneShell('mfe-filling');
  const area = (apiClient?: ApiClient) => (
    <RemoteProviders shell={shell} apiClient={apiClient}>
      <ClientUser />
    </RemoteProviders>
  );

  afterEach(() => {
    clientsSeen.length = 0;
  });

  it('is the client given to RemoteProviders, when one is given', async () => {
    const api = aFakeApiClient();
    render(area(api));

    await screen.findByText('gotowe');
    expect(clientsSeen).toEqual([api]);
  });

  it("is otherwise one on the shell's token, the same one at every render", async () => {
    const { rerender } = render(area());
    await screen.findByText('gotowe');
    rerender(area());

    expect(clientsSeen).toHaveLength(2);
    expect(clientsSeen[0]).toEqual(expect.objectContaining({ get: expect.any(Function) }));
    expect(clientsSeen[1]).toBe(clientsSeen[0]);
  });
});
