import * as z from 'zod/mini';
import { createStandaloneShell } from '../standalone';

it('an area on its own refuses values in Polish, as inside the shell', () => {
  createStandaloneShell('mfe-forms-builder');
  const result = z.number().check(z.maximum(370)).safeParse(371);
  expect(result.error?.issues[0]?.message).toBe('Wartość nie może być większa niż 370');
});
