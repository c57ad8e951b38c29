import type { FastifyRequest } from 'fastify';
import { InvalidFieldsError } from '../errors';

/**
 * PostgreSQL stores no NUL character in text (nor `\u0000` in jsonb), and jsonb refuses a lone
 * UTF-16 surrogate (`"\ud800"`, which JSON allows); in a text column the driver would silently
 * turn the surrogate into U+FFFD. With the `u` flag, `\p{Surrogate}` matches only unpaired ones.
 */
const LONE_SURROGATE = /\p{Surrogate}/u;
const isUnstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

export const UNSTORABLE_TEXT_MESSAGE =
  'Tekst zawiera niedozwolony znak (NUL lub niesparowany surogat UTF-16)';

/** At most this many places are named: one is enough to fix a request, all could be thousands. */
const MAX_NAMED = 5;

/** Where a value sits: its key and its parent's place, so that no path is copied per level. */
interface Place {
  key: string;
  parent: Place | undefined;
}

function pathOf(place: Place | undefined, part: string): string {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.') || part;
}

/**
 * Where `value` holds an unstorable string or object key, named like validation errors name
 * fields (`deliveryInfo.name`, `elements.0.testType`), or by `part` for the value itself. Walked
 * without recursion: a parsed body may be nested deeper than the call stack.
 */
export function unstorableTextFields(value: unknown, part: string): Record<string, string> {
  const found: Record<string, string> = {};
  const pending: [unknown, Place | undefined][] = [[value, undefined]];
  while (pending.length > 0 && Object.keys(found).length < MAX_NAMED) {
    const [current, place] = pending.pop()!;
    if (typeof current === 'string') {
      if (isUnstorable(current)) found[pathOf(place, part)] = UNSTORABLE_TEXT_MESSAGE;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push([item, { key: String(index), parent: place }]));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (!isUnstorable(key)) pending.push([item, { key, parent: place }]);
        // Named escaped, so that the message itself carries no unstorable character.
        else
          found[pathOf({ key: JSON.stringify(key).slice(1, -1), parent: place }, part)] =
            UNSTORABLE_TEXT_MESSAGE;
      }
    }
  }
  return found;
}

/** `preValidation` hook: such text anywhere in the path, query or JSON body is a 400 naming it. */
export async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  const fields = {
    ...unstorableTextFields(request.params, 'params'),
    ...unstorableTextFields(request.query, 'querystring'),
    ...unstorableTextFields(request.body, 'body'),
  };
  if (Object.keys(fields).length > 0) throw new InvalidFieldsError(fields);
}
