import type {
  AppConfig,
  CurrentPerson,
  PermissionKey,
  RemoteName,
  SessionKind,
} from '@formularze/domain/schemas';

/** A value the shell owns and a remote reads and follows. */
export interface Observable<T> {
  get(): T;
  subscribe(listener: (value: T) => void): () => void;
}

export type ThemeMode = 'light' | 'high-contrast';
export type FontLevel = 0 | 1 | 2;
export const FONT_LEVELS: readonly FontLevel[] = [0, 1, 2];

export interface Appearance {
  theme: ThemeMode;
  fontLevel: FontLevel;
}

export type { CurrentPerson };

export interface SessionSnapshot {
  status: 'checking' | 'guest' | 'authenticated';
  person: CurrentPerson | null;
}

export interface Crumb {
  label: string;
  path: string;
}

export interface AlertInput {
  text: string;
  isError?: boolean;
  /** Stays until the user closes it. */
  persistent?: boolean;
  /** Replaces an alert with the same id instead of stacking a second one. */
  customId?: string;
  /** Milliseconds before it closes by itself; 3000 by default. */
  timeoutMs?: number;
}

/** What a remote learns about itself from the shell: the version that actually loaded. */
export interface RemoteIdentity {
  name: RemoteName;
  version: string;
  /** Set when the active version failed and the shell fell back to the last known good one. */
  fellBackFrom: string | null;
}

/**
 * Everything a remote may use from the shell. A remote imports nothing else from it; the shell
 * passes this object as single-spa custom props.
 */
export interface ShellContract {
  contractVersion: string;
  remote: RemoteIdentity;
  session: Observable<SessionSnapshot>;
  permissions: { has(key: PermissionKey): boolean };
  navigate(to: string, options?: { replace?: boolean }): void;
  page: { setTitle(title: string): void };
  breadcrumbs: {
    /** Replaces the whole trail. */
    set(trail: Crumb[]): void;
    /** Adds the page on screen to the trail kept across pages, cutting the trail back if it was already in it. */
    push(crumb: Crumb): void;
  };
  alerts: { show(alert: AlertInput): string; dismiss(id: string): void };
  appearance: Observable<Appearance>;
  /** `GET /api/config` for the current session. */
  config: Observable<AppConfig>;
  /** Sends the shell's session token with a request; remotes build their API client on it. */
  authToken(): string | null;
  /** Hands the token of a successful login to the shell, which loads the person and opens the app. */
  signIn(token: string, kind: SessionKind): Promise<void>;
  logout(): Promise<void>;
  /**
   * Loads the signed-in person again (`GET /api/persons/my`) after a change of theirs, e.g. a new
   * password. Added in 1.4.0: an older shell has none.
   */
  refreshSession?(): Promise<void>;
}

/** A successful answer to a GET the shell started early: its status and its parsed JSON body. */
export interface EarlyReadAnswer {
  status: number;
  data: unknown;
}

/**
 * The answers to the reads the page's first screen starts from (@formularze/domain/schemas/screen-reads),
 * requested by the shell's entry before any area's code arrived. Each is handed over once and only
 * while fresh; `null` (none, taken, stale, or the request failed) means the caller asks the API.
 */
export interface EarlyReads {
  take(path: string): Promise<EarlyReadAnswer | null> | null;
}

/**
 * What the shell passes to a remote's optional `preload` export as soon as the remote's code has
 * run, before the shell has finished starting: the page's address and the tab's session token, so
 * that the area can request what its screen needs while the shell renders. Added in 1.2.0; a
 * remote without `preload` simply starts at `mount`. `earlyReads` added in 1.3.0.
 */
export interface RemotePreloadProps {
  pathname: string;
  authToken(): string | null;
  earlyReads?: EarlyReads;
}

/** The custom props single-spa hands to a remote's lifecycles. */
export interface RemoteMountProps {
  name: string;
  shell: ShellContract;
  domElement: HTMLElement;
}

export { SHELL_CONTRACT_VERSION, isContractCompatible } from './version';

/** A tiny store implementing `Observable`, for the shell's own state. */
export function createObservable<T>(initial: T): Observable<T> & { set(value: T): void } {
  let value = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      listeners.forEach((listener) => listener(value));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
