import { pathTo, ROUTES } from '@formularze/domain/schemas';
import { generatePath } from 'react-router-dom';

/** `pathTo` over a route of the merged list, whose pattern TypeScript knows only as a string. */
const pathToAny = pathTo as (route: { path: string }, params?: Record<string, string>) => string;

// The domain builds addresses without React Router; the router that reads them must agree.
describe('pathTo, against the router that reads its addresses', () => {
  it.each(ROUTES.map((route) => [route.path, route] as const))(
    'builds %s as generatePath does',
    (pattern, route) => {
      for (const value of ['7', 'ą b/c?d=1#e%', "x'(y)*~"]) {
        const params = Object.fromEntries(
          (pattern.match(/:[\w-]+/g) ?? []).map((name) => [name.slice(1), value]),
        );
        expect(pathToAny(route, params)).toBe(generatePath(pattern, params));
      }
    },
  );
});
