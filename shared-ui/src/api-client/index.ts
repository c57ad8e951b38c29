import axios, { type AxiosInstance } from 'axios';
import { AUTH_TOKEN_HEADER, apiError, type ApiError } from 'shared-ui/schemas';

/**
 * The one HTTP client of the product. Paths are absolute (`/api/...`, `/employees/v1/...`) and
 * resolve against the page's origin, so remotes served from a CDN still call the shell's API.
 */
export type ApiClient = AxiosInstance;

export function createApiClient(authToken: () => string | null): ApiClient {
  const client = axios.create({ headers: { Accept: 'application/json' } });
  client.interceptors.request.use((config) => {
    const token = authToken();
    if (token) config.headers.set(AUTH_TOKEN_HEADER, token);
    return config;
  });
  return client;
}

/** The API's error body when `error` is a failed call with one, else `null`. */
export function apiErrorOf(error: unknown): ApiError | null {
  if (!axios.isAxiosError(error) || !error.response) return null;
  const parsed = apiError.safeParse(error.response.data);
  return parsed.success ? parsed.data : null;
}
