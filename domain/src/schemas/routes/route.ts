import type { PermissionKey } from '../permissions';

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values an address gives a pattern's `:name` segments. */
export type RouteParams<Path extends string = string> = { [Name in ParamNames<Path>]: string };

/** The values `pathTo` puts into a pattern's `:name` segments: a record id may stay a number. */
export type PathParams<Path extends string> = { [Name in ParamNames<Path>]: string | number };

/** `pathTo`'s arguments after the route: none for a pattern without parameters. */
type PathArgs<Path extends string> = [ParamNames<Path>] extends [never] ? [] : [params: PathParams<Path>];

/** One screen of an area, as the shell and the server see it without loading the area's code. */
export interface RouteDefinition<Path extends string = string> {
  /** A React Router pattern: static segments and `:name` parameters. */
  path: Path;
  /** Absent: open to everyone (the super-admin panel has its own sign-in). */
  permission?: PermissionKey;
  /** Where a signed-in user without the permission goes, when §2 names a place other than /login. */
  deniedRedirect?: string;
  /**
   * The API reads the screen starts from. The shell's entry requests them before any area's code
   * has arrived and the area's API client takes the answers over (`EarlyReads` in
   * @formularze/domain/contract), so a read here can only make the screen faster, never wrong.
   */
  earlyReads?(params: RouteParams<Path>): string[];
}

/** An area's screens by id; the area binds each id to its page. */
export type RouteTable = Readonly<Record<string, RouteDefinition>>;

/** A route whose early reads are typed by the parameters of its own pattern. */
export const route = <const Path extends string>(
  path: Path,
  options: Omit<RouteDefinition<Path>, 'path'> = {},
): RouteDefinition<Path> => ({ path, ...options });

/**
 * The address of `route` with `params` in its `:name` segments, each URI-encoded: React Router's
 * `generatePath` for the patterns used here, without React Router (see `matchPattern`). Every in-app
 * address is built with it from the route tables (ADR 510), so a screen's address is spelled once.
 */
export function pathTo<const Path extends string>(
  route: { readonly path: Path },
  ...[params]: PathArgs<Path>
): string {
  const values: Partial<Record<string, string | number>> = params ?? {};
  const segments = route.path.split(/\/+/).map((segment) => {
    if (!segment.startsWith(':')) return segment;
    const value = values[segment.slice(1)];
    if (value === undefined) throw new Error(`Missing "${segment}" param`);
    return encodeURIComponent(String(value));
  });
  return `/${segments.filter(Boolean).join('/')}`;
}

/**
 * The parameters `pathname` gives `pattern`, or `null` when it does not match. The semantics are
 * React Router's `matchPath` for the patterns used here (case-insensitive, trailing slashes
 * allowed), kept this small because React Router's module brings React into the page's first
 * script.
 */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (!segment.startsWith(':')) return '/' + segment.replace(/[\\.*+^${}|()[\]?]/g, '\\$&');
      names.push(segment.slice(1));
      return '/([^\\/]+)';
    })
    .join('');
  const values = new RegExp(`^${source}\\/*$`, 'i').exec(pathname);
  return values && Object.fromEntries(names.map((name, index) => [name, values[index + 1]!]));
}

/** React Router's ranking: where several patterns match, static segments outrank parameters. */
export function patternScore(pattern: string): number {
  const segments = pattern.split('/');
  return segments.reduce(
    (score, segment) => score + (segment.startsWith(':') ? 3 : segment === '' ? 1 : 10),
    segments.length,
  );
}
