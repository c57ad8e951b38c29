import {
  AUTH_ROUTES,
  FILLING_ROUTES,
  FORMS_BUILDER_ROUTES,
  pathTo,
  RESULTS_ROUTES,
  routeFor,
  ROUTES,
} from '../index';
import { filledFormPath, formTemplatePath, scheduledFormPath } from '../record-paths';
import { matchPattern } from '../routes/route';

/** `pathTo` over a route of the merged list, whose pattern TypeScript knows only as a string. */
const pathToAny = pathTo as (route: { path: string }, params?: Record<string, string>) => string;

/** A value for each parameter of `pattern`, with characters an address must encode. */
const paramsOf = (pattern: string) =>
  Object.fromEntries(
    (pattern.match(/:[\w-]+/g) ?? []).map((name, index) => [name.slice(1), `${index} ą/b?c#d%e f`]),
  );

describe('pathTo', () => {
  it('gives a route without parameters its pattern', () => {
    expect(pathTo(AUTH_ROUTES.login)).toBe('/login');
    expect(pathTo(FILLING_ROUTES.dashboard)).toBe('/');
    expect(pathTo(FILLING_ROUTES.activeForms)).toBe('/forms/active');
  });

  it('puts each parameter in its segment, numbers as they are written', () => {
    expect(pathTo(RESULTS_ROUTES.formResults, { formId: 4 })).toBe('/results/4');
    expect(pathTo(FILLING_ROUTES.fillEdit, { formId: 12, formDataId: '7' })).toBe('/formdata/edit/12/7');
    expect(pathTo(RESULTS_ROUTES.personForms, { personId: 5 })).toBe('/filled-forms/all/user/5');
  });

  it('encodes a value, so a slash, query or fragment in it stays inside its segment', () => {
    expect(pathTo(AUTH_ROUTES.setNewPassword, { token: 'a b/c?d=1#e%' })).toBe(
      '/password-set-new/a%20b%2Fc%3Fd%3D1%23e%25',
    );
    expect(pathTo(FORMS_BUILDER_ROUTES.formEdit, { formId: 'zażółć' })).toBe(
      '/forms/edit/za%C5%BC%C3%B3%C5%82%C4%87',
    );
  });

  it('refuses a missing parameter, as React Router does', () => {
    expect(() => pathToAny(RESULTS_ROUTES.formResults, {})).toThrow('Missing ":formId" param');
  });

  it.each(ROUTES.map((route) => [route.path, route] as const))(
    'builds an address of %s that the same route takes back, values decoded',
    (pattern, route) => {
      const params = paramsOf(pattern);
      const address = pathToAny(route, params);
      const matched = matchPattern(pattern, address);
      expect(
        matched && Object.fromEntries(Object.entries(matched).map(([k, v]) => [k, decodeURIComponent(v)])),
      ).toEqual(params);
      expect(routeFor(address)?.route.path).toBe(pattern);
    },
  );

  it('is checked by TypeScript: every parameter, spelt right; none for a route without them', () => {
    // @ts-expect-error formId is missing
    expect(() => pathTo(RESULTS_ROUTES.formResults, {})).toThrow();
    // @ts-expect-error formID is not the route's parameter
    expect(() => pathTo(RESULTS_ROUTES.formResults, { formID: 1 })).toThrow();
    // @ts-expect-error the route has parameters
    expect(() => pathTo(FILLING_ROUTES.fillNew)).toThrow();
    // @ts-expect-error the route has none
    expect(pathTo(AUTH_ROUTES.login, { token: 'x' })).toBe('/login');
  });
});

describe('the API addresses of the records a screen starts from', () => {
  it('are built the same way', () => {
    expect(formTemplatePath(12)).toBe('/api/form_template/12');
    expect(scheduledFormPath('40')).toBe('/api/forms/scheduled/40');
    expect(filledFormPath(7)).toBe('/api/form_data/7');
    expect(filledFormPath('7/../8')).toBe('/api/form_data/7%2F..%2F8');
  });
});
