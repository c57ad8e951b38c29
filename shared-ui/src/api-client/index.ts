import type { AxiosInstance, AxiosRequestConfig, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import type { EarlyReads } from '@formularze/domain/contract';
import { AUTH_TOKEN_HEADER, apiError, type ApiError } from '@formularze/domain/schemas';

/**
 * The one HTTP client of the product (axios underneath). Paths are absolute (`/api/...`,
 * `/employees/v1/...`) and resolve against the page's origin, so remotes served from a CDN still
 * call the shell's API. axios is fetched with the first request, not before a screen renders.
 */
export interface ApiClient {
  get<T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  delete<T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  post<T = unknown>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  put<T = unknown>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
}

let httpLibrary: Promise<typeof import('axios')> | null = null;

/**
 * Starts downloading axios, once per page. A signed-in page calls the API at once, so the shell
 * asks for it as it starts rather than letting the first request wait for it.
 */
export function preloadHttpLibrary(): Promise<typeof import('axios')> {
  httpLibrary ??= import('axios');
  return httpLibrary;
}

/** The early answer to `GET url`, shaped as axios answers; null when the API has to be asked. */
async function earlyAnswer<T>(
  earlyReads: EarlyReads | undefined,
  url: string,
  config: AxiosRequestConfig | undefined,
): Promise<AxiosResponse<T> | null> {
  // Early reads are plain paths: a request with parameters or options of its own is another request.
  const early = config === undefined ? earlyReads?.take(url) : null;
  const answer = await early;
  if (!answer) return null;
  const requestConfig = { url, method: 'get' } as InternalAxiosRequestConfig;
  return {
    data: answer.data as T,
    status: answer.status,
    statusText: '',
    headers: {},
    config: requestConfig,
  };
}

/**
 * `earlyReads`: answers the shell requested before the area's code arrived; a GET of one of those
 * paths takes its answer instead of asking again.
 */
export function createApiClient(authToken: () => string | null, earlyReads?: EarlyReads): ApiClient {
  let instance: Promise<AxiosInstance> | null = null;
  const axios = () =>
    (instance ??= preloadHttpLibrary().then(({ default: axiosStatic }) => {
      const created = axiosStatic.create({ headers: { Accept: 'application/json' } });
      created.interceptors.request.use((config) => {
        const token = authToken();
        if (token) config.headers.set(AUTH_TOKEN_HEADER, token);
        return config;
      });
      return created;
    }));
  return {
    get: async (url, config) =>
      (await earlyAnswer(earlyReads, url, config)) ?? (await axios()).get(url, config),
    delete: async (url, config) => (await axios()).delete(url, config),
    post: async (url, body, config) => (await axios()).post(url, body, config),
    put: async (url, body, config) => (await axios()).put(url, body, config),
  };
}

/** The API's error body when `error` is a failed call with one, else `null`. */
export function apiErrorOf(error: unknown): ApiError | null {
  const response = (error as { isAxiosError?: boolean; response?: { data?: unknown } } | null)?.response;
  if (!(error as { isAxiosError?: boolean } | null)?.isAxiosError || !response) return null;
  const parsed = apiError.safeParse(response.data);
  return parsed.success ? parsed.data : null;
}
