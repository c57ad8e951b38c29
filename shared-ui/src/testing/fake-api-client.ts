import type { ApiClient } from 'shared-ui/api-client';

/** An API client whose every method is a jest mock, for a test to answer calls and to check them. */
export type FakeApiClient = { [Method in keyof ApiClient]: jest.Mock };

/** A fresh fake API client, to pass to `renderInRemote(remote, ui, { api })`. */
export const aFakeApiClient = (): FakeApiClient => ({
  get: jest.fn(),
  put: jest.fn(),
  post: jest.fn(),
  delete: jest.fn(),
});
