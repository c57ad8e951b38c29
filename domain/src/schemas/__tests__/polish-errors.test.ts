import * as z from 'zod/mini';
import { installPolishErrors } from '../polish-errors';

beforeAll(installPolishErrors);

/** The message zod gives for `value` against `schema`. */
function messageOf(schema: z.ZodMiniType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`accepted ${JSON.stringify(value)}`);
  return result.error.issues[0]!.message;
}

describe('polishErrorMap', () => {
  it('names a missing value as required and a wrong type by what it must be', () => {
    expect(messageOf(z.object({ name: z.string() }), {})).toBe('To pole jest wymagane');
    expect(messageOf(z.number(), 'siedem')).toBe('Wartość musi być liczbą');
    expect(messageOf(z.string(), 7)).toBe('Wartość musi być tekstem');
    expect(messageOf(z.boolean(), 'tak')).toBe('Wartość musi być wartością tak lub nie');
    expect(messageOf(z.array(z.string()), 'a')).toBe('Wartość musi być listą');
    expect(messageOf(z.int(), 1.5)).toBe('Wartość musi być liczbą całkowitą');
  });

  it('says how big or small a number may be, in words', () => {
    expect(messageOf(z.number().check(z.maximum(370)), 371)).toBe('Wartość nie może być większa niż 370');
    expect(messageOf(z.number().check(z.lt(10)), 10)).toBe('Wartość musi być mniejsza niż 10');
    expect(messageOf(z.number().check(z.minimum(0)), -1)).toBe('Wartość nie może być mniejsza niż 0');
    expect(messageOf(z.number().check(z.positive()), 0)).toBe('Wartość musi być większa niż 0');
    expect(messageOf(z.number().check(z.minimum(0.5)), 0.25)).toBe('Wartość nie może być mniejsza niż 0,5');
    expect(messageOf(z.number().check(z.multipleOf(5)), 7)).toBe('Wartość musi być wielokrotnością 5');
  });

  it('counts characters and elements with their Polish plural', () => {
    expect(messageOf(z.string().check(z.maxLength(1)), 'ab')).toBe('Tekst może mieć najwyżej 1 znak');
    expect(messageOf(z.string().check(z.maxLength(3)), 'abcd')).toBe('Tekst może mieć najwyżej 3 znaki');
    expect(messageOf(z.string().check(z.maxLength(200)), 'a'.repeat(201))).toBe(
      'Tekst może mieć najwyżej 200 znaków',
    );
    expect(messageOf(z.string().check(z.minLength(8)), 'abc')).toBe('Tekst musi mieć co najmniej 8 znaków');
    expect(messageOf(z.string().check(z.minLength(1)), '')).toBe('To pole nie może być puste');
    expect(messageOf(z.string().check(z.length(11)), '123')).toBe('Tekst musi mieć dokładnie 11 znaków');
    expect(messageOf(z.array(z.number()).check(z.minLength(1)), [])).toBe('Lista nie może być pusta');
    expect(messageOf(z.array(z.number()).check(z.maxLength(2)), [1, 2, 3])).toBe(
      'Lista może mieć najwyżej 2 elementy',
    );
  });

  it('names formats, choices and unknown keys', () => {
    expect(messageOf(z.email(), 'anna@')).toBe('Nieprawidłowy adres e-mail');
    expect(messageOf(z.iso.date(), '2026-13-01')).toBe('Nieprawidłowa data (oczekiwano RRRR-MM-DD)');
    expect(messageOf(z.string().check(z.regex(/^\d+$/)), 'x')).toBe('Nieprawidłowy format');
    expect(messageOf(z.string().check(z.startsWith('+')), '48')).toBe('Tekst musi zaczynać się od „+”');
    expect(messageOf(z.enum(['ROLE_USER', 'ROLE_EDITOR']), 'ROLE_ROOT')).toBe(
      'Dozwolone wartości: ROLE_USER, ROLE_EDITOR',
    );
    expect(messageOf(z.literal('tak'), 'nie')).toBe('Oczekiwano wartości „tak”');
    expect(messageOf(z.strictObject({ a: z.number() }), { a: 1, b: 2 })).toBe('Nieznane pole: b');
    expect(messageOf(z.union([z.number(), z.string()]), true)).toBe('Nieprawidłowa wartość');
  });

  it('leaves a schema’s own message as it is', () => {
    expect(messageOf(z.number().check(z.maximum(5, 'Najwyżej pięć')), 6)).toBe('Najwyżej pięć');
  });
});
