import type { ApiClient } from 'shared-ui/api-client';
import { createObservable } from '@formularze/domain/contract';
import { APP_CONFIG_ELEMENT_ID, appConfig, type AppConfig } from '@formularze/domain/schemas';

/** Until the server has answered: nothing joinable, nothing required, idle logout on. */
const UNKNOWN: AppConfig = {
  hasAnyJoinableOrganization: false,
  requireGlobalTosAcceptance: false,
  hasSingleScheduledForm: false,
  singleScheduledFormId: null,
  autoLogoutEnabled: true,
};

/** The server writes the guest's configuration into index.html: a login page needs no request. */
function readInlineConfig(doc: Document): AppConfig | null {
  const text = doc.getElementById(APP_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  const parsed = appConfig.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

/**
 * `GET /api/config`, which depends on who asks (the organization's scheduled forms): read inline at
 * start and fetched again whenever the session changes.
 */
export function createConfigStore(api: ApiClient, doc: Document = document) {
  const inline = readInlineConfig(doc);
  const store = createObservable<AppConfig>(inline ?? UNKNOWN);
  let loaded = inline !== null;
  return {
    get: store.get,
    subscribe: store.subscribe,
    isLoaded: () => loaded,
    async refresh(): Promise<void> {
      const response = await api.get('/api/config');
      store.set(appConfig.parse(response.data));
      loaded = true;
    },
  };
}

export type ConfigStore = ReturnType<typeof createConfigStore>;
