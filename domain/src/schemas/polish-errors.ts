import * as z from 'zod/mini';
import { CHARACTERS, countOf, type PolishPluralForms } from './plural';

/**
 * Zod's own messages, in finished Polish: what a schema without a message of its own says when it
 * refuses a value ("Wartość nie może być większa niż 370"). Zod's bundled Polish locale leaves
 * forms such as "Zbyt duż(y/a/e)" and English type names in its sentences. Every program that
 * validates with the product's schemas installs it once, through `installPolishErrors`.
 */

const ELEMENTS: PolishPluralForms = { one: 'element', few: 'elementy', many: 'elementów' };
const BYTES: PolishPluralForms = { one: 'bajt', few: 'bajty', many: 'bajtów' };

/** What a value must be, by zod's name of its type. */
const EXPECTED_TYPES: Record<string, string> = {
  number: 'Wartość musi być liczbą',
  int: 'Wartość musi być liczbą całkowitą',
  bigint: 'Wartość musi być liczbą całkowitą',
  string: 'Wartość musi być tekstem',
  boolean: 'Wartość musi być wartością tak lub nie',
  array: 'Wartość musi być listą',
  object: 'Wartość musi być obiektem',
  record: 'Wartość musi być obiektem',
  date: 'Wartość musi być datą',
  file: 'Wartość musi być plikiem',
};

const FORMATS: Record<string, string> = {
  email: 'Nieprawidłowy adres e-mail',
  url: 'Nieprawidłowy adres URL',
  date: 'Nieprawidłowa data (oczekiwano RRRR-MM-DD)',
  datetime: 'Nieprawidłowa data i godzina',
  time: 'Nieprawidłowa godzina (oczekiwano GG:MM)',
  uuid: 'Nieprawidłowy identyfikator',
  guid: 'Nieprawidłowy identyfikator',
  e164: 'Nieprawidłowy numer telefonu',
};

/** A limit as Polish writes numbers: a decimal comma. */
const polishNumber = (limit: number | bigint) => String(limit).replace('.', ',');

const quoted = (value: unknown) => `„${String(value)}”`;

function sizeMessage(
  origin: string | undefined,
  limit: number,
  bound: 'at-most' | 'at-least' | 'exactly',
): string | undefined {
  const counted = origin === 'string' ? CHARACTERS : origin === 'file' ? BYTES : ELEMENTS;
  const subject = origin === 'string' ? 'Tekst' : origin === 'file' ? 'Plik' : 'Lista';
  if (
    origin !== 'string' &&
    origin !== 'file' &&
    origin !== 'array' &&
    origin !== 'set' &&
    origin !== 'map'
  ) {
    return undefined;
  }
  if (bound === 'exactly') return `${subject} musi mieć dokładnie ${countOf(limit, counted)}`;
  if (bound === 'at-most') return `${subject} może mieć najwyżej ${countOf(limit, counted)}`;
  if (limit === 1)
    return origin === 'string' ? 'To pole nie może być puste' : `${subject} nie może być pusta`;
  return `${subject} musi mieć co najmniej ${countOf(limit, counted)}`;
}

export const polishErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'To pole jest wymagane';
      return EXPECTED_TYPES[issue.expected] ?? 'Nieprawidłowy typ wartości';
    case 'too_big': {
      const limit = Number(issue.maximum);
      const sized = sizeMessage(issue.origin, limit, issue.exact ? 'exactly' : 'at-most');
      if (sized) return sized;
      return issue.inclusive
        ? `Wartość nie może być większa niż ${polishNumber(issue.maximum)}`
        : `Wartość musi być mniejsza niż ${polishNumber(issue.maximum)}`;
    }
    case 'too_small': {
      const limit = Number(issue.minimum);
      // A size below 1 is "more than nothing": the same as an inclusive 1.
      const atLeast = issue.inclusive ? limit : limit + 1;
      const sized = sizeMessage(issue.origin, atLeast, issue.exact ? 'exactly' : 'at-least');
      if (sized) return sized;
      return issue.inclusive
        ? `Wartość nie może być mniejsza niż ${polishNumber(issue.minimum)}`
        : `Wartość musi być większa niż ${polishNumber(issue.minimum)}`;
    }
    case 'invalid_format':
      if (issue.format === 'starts_with') return `Tekst musi zaczynać się od ${quoted(issue.prefix)}`;
      if (issue.format === 'ends_with') return `Tekst musi kończyć się na ${quoted(issue.suffix)}`;
      if (issue.format === 'includes') return `Tekst musi zawierać ${quoted(issue.includes)}`;
      return FORMATS[issue.format] ?? 'Nieprawidłowy format';
    case 'not_multiple_of':
      return `Wartość musi być wielokrotnością ${polishNumber(Number(issue.divisor))}`;
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `Nieznane pole: ${issue.keys[0]}`
        : `Nieznane pola: ${issue.keys.join(', ')}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Oczekiwano wartości ${quoted(issue.values[0])}`
        : `Dozwolone wartości: ${issue.values.map(String).join(', ')}`;
    case 'invalid_key':
      return 'Nieprawidłowy klucz';
    case 'invalid_element':
      return 'Nieprawidłowy element';
    default:
      return 'Nieprawidłowa wartość';
  }
};

/** Makes `polishErrorMap` zod's language for every schema of the program (call once, at start). */
export function installPolishErrors(): void {
  z.config({ localeError: polishErrorMap });
}
