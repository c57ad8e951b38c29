/**
 * fast-check arbitraries of requests to one operation, derived from its schemas in the published
 * OpenAPI document (what fastify-type-provider-zod makes of the shared zod schemas) and mixed with
 * junk no schema describes.
 */
import fc from 'fast-check';
import { multipartFiles, SAMPLES } from '../uploads-fixture';
import type { Method } from './tenant-fixture';

/** The part of JSON Schema (as fastify-type-provider-zod publishes zod schemas) the API's inputs use. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

export interface OperationSchemas {
  path: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  /** The JSON body, when the operation takes one. */
  body?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** The input schemas of one operation (`METHOD /path`) of the published OpenAPI document. */
export function operationSchemas(document: unknown, method: Method, path: string): OperationSchemas {
  const paths = (document as { paths: Record<string, Record<string, OpenApiOperation>> }).paths;
  const operation = paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${path} is not in the document`);
  const parameters = (where: string) =>
    Object.fromEntries(
      (operation.parameters ?? []).filter((p) => p.in === where).map((p) => [p.name, p.schema ?? {}]),
    );
  return {
    path: parameters('path'),
    query: parameters('query'),
    body: operation.requestBody?.content?.['application/json']?.schema,
  };
}

const HUGE = 100 * 1024;

/** Texts databases, parsers and renderers are known to stumble on. */
const NASTY_TEXTS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '😀👩‍👩‍👧‍👦🇵🇱',
  '\u202Eתשובה\u202C',
  'مرحبا بالعالم',
  'Zażółć gęślą jaźń',
  '\uFEFF\u200B\u00A0',
  '%00%zz',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '__proto__',
  'constructor',
  'NaN',
  '-0',
  '1e309',
  '0x1F',
  '9007199254740993',
  'true',
  'null',
];

/** Texts short enough for a URL: nasty ones, and random ones with lone surrogates and control characters. */
const shortJunkString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_TEXTS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

/** Built once: generating and encoding 100 kB per run would cost more than the requests. */
const HUGE_TEXTS = ['x', 'ż', '😀', '\u0000', 'a\uD800'].map((unit) =>
  unit.repeat(Math.ceil(HUGE / unit.length)),
);
const BIG_ARRAY = Array.from({ length: 5_000 }, (_, index) => index);

/** Any string: short junk or 100 kB long. */
const junkString: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: shortJunkString },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_TEXTS) },
);

const nested = (depth: number, leaf: unknown, kind: 'object' | 'array'): unknown => {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
};

/** Any JSON value of the wrong kind: scalars, junk texts, deep nesting, big arrays, prototype keys. */
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, -0, 1e308, -1e308, 2147483648, Number.MAX_SAFE_INTEGER + 2),
  junkString,
  fc.constantFrom({}, [], [null], { __proto__: { polluted: true } }, { constructor: { prototype: {} } }),
  fc
    .tuple(fc.integer({ min: 10, max: 1000 }), fc.constantFrom<'object' | 'array'>('object', 'array'))
    .map(([depth, kind]) => nested(depth, 'głęboko', kind)),
  fc.constant(BIG_ARRAY),
  fc.jsonValue({ maxDepth: 3 }),
);

const integerBounds = (schema: JsonSchema) => ({
  min: Math.max(
    schema.minimum ?? -2147483648,
    schema.exclusiveMinimum === undefined ? -Infinity : Math.floor(schema.exclusiveMinimum) + 1,
  ),
  max: Math.min(
    schema.maximum ?? 2147483647,
    schema.exclusiveMaximum === undefined ? Infinity : Math.ceil(schema.exclusiveMaximum) - 1,
  ),
});

const day = fc
  .date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true })
  .map((date) => date.toISOString());

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date') return day.map((iso) => iso.slice(0, 10));
  if (schema.format === 'date-time') return day;
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  const withinBounds = (text: string) => text.length >= minLength && text.length <= maxLength;
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
    // Any code point: NUL, control characters, lone surrogates.
    { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength, maxLength }) },
    { weight: 1, arbitrary: fc.constantFrom(...NASTY_TEXTS).filter(withinBounds) },
    { weight: 1, arbitrary: fc.emailAddress().filter(withinBounds) },
  );
}

/** Values within the schema's bounds: its types, formats, enums, lengths and ranges. */
function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(validValue));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => validValue({ ...schema, type })));
  }
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const { min, max } = integerBounds(schema);
      // Small ids name rows that exist (the fixture's), so handlers go past their lookups.
      return fc.oneof(
        fc.integer({ min, max: Math.min(max, Math.max(min, 0) + 30) }),
        fc.integer({ min, max }),
      );
    }
    case 'number':
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1e9,
        max: schema.maximum ?? schema.exclusiveMaximum ?? 1e9,
        minExcluded: schema.exclusiveMinimum !== undefined,
        maxExcluded: schema.exclusiveMaximum !== undefined,
        noNaN: true,
      });
    case 'string':
      return stringFor(schema);
    case 'array':
      return fc.array(validValue(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object':
      return objectOf(schema, validValue);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(
  schema: JsonSchema,
  valueOf: (schema: JsonSchema) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const known = fc.record(
    Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valueOf(property)])),
    { requiredKeys: (schema.required ?? []).filter((name) => name in properties) },
  );
  if (typeof schema.additionalProperties !== 'object') return known;
  const keys = schema.propertyNames ? stringFor(schema.propertyNames) : fc.string({ maxLength: 12 });
  return fc
    .tuple(known, fc.dictionary(keys, valueOf(schema.additionalProperties), { maxKeys: 4 }))
    .map(([fixed, extra]) => ({ ...extra, ...fixed }));
}

/** Values just outside the schema: one past each bound, the wrong enum member, a fraction. */
function boundaryViolation(schema: JsonSchema): fc.Arbitrary<unknown> {
  const violations: unknown[] = ['NIE-MA-TAKIEJ-WARTOŚCI', null];
  if (schema.maxLength !== undefined) violations.push('ę'.repeat(schema.maxLength + 1));
  if (schema.minLength) violations.push('ę'.repeat(schema.minLength - 1));
  if (schema.type === 'integer' || schema.type === 'number') {
    const { min, max } = integerBounds(schema);
    violations.push(min - 1, max + 1, 0.5, -1e21, 1e21, '12');
  }
  if (schema.type === 'array') {
    if (schema.minItems) violations.push([]);
    if (schema.maxItems !== undefined)
      violations.push(Array.from({ length: schema.maxItems + 1 }, () => null));
  }
  return fc.constantFrom(...violations);
}

/**
 * Mostly valid-looking values where, at any depth, a value may be replaced by one just outside its
 * bounds or by junk, a required property dropped, or an unknown one added.
 */
function mutatedValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const structured: fc.Arbitrary<unknown> = (() => {
    if (schema.anyOf) return fc.oneof(...schema.anyOf.map(mutatedValue));
    if (schema.type === 'array') {
      return fc.array(mutatedValue(schema.items ?? {}), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    }
    if (schema.type === 'object') {
      return fc
        .tuple(
          objectOf(schema, mutatedValue),
          fc.option(fc.constantFrom(...(schema.required ?? ['']))),
          fc.option(fc.tuple(junkString, junkValue)),
        )
        .map(([object, dropped, extra]) => {
          const mutated: Record<string, unknown> = { ...object };
          if (dropped) delete mutated[dropped];
          if (extra) mutated[extra[0]] = extra[1];
          return mutated;
        });
    }
    return validValue(schema);
  })();
  return fc.oneof(
    { weight: 6, arbitrary: structured },
    { weight: 1, arbitrary: boundaryViolation(schema) },
    { weight: 1, arbitrary: junkValue },
  );
}

/** A value for the schema: valid-looking most of the time, mutated or junk otherwise. */
const valueFor = (schema: JsonSchema) =>
  fc.oneof({ weight: 3, arbitrary: validValue(schema) }, { weight: 2, arbitrary: mutatedValue(schema) });

/** A parameter as it travels in a URL: strings as they are, anything else as JSON. */
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

const percentByte = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * `encodeURIComponent` that also sends lone surrogates, as the bytes a sloppy client would (their
 * three-byte encoding, which is not UTF-8), instead of throwing.
 */
function percentEncode(text: string): string {
  return text
    .split(/(\p{Surrogate})/u)
    .map((part, index) => {
      if (index % 2 === 0) return encodeURIComponent(part);
      const unit = part.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 63), 0x80 | (unit & 63)].map(percentByte).join('');
    })
    .join('');
}

/** Path segments no route expects: bad encodings, numbers out of range, traversal. */
const RAW_PATH_SEGMENTS = [
  '%',
  '%zz',
  '%C0%AE',
  '%00',
  '..',
  '.',
  '-1',
  '0',
  '1.5',
  '1e3',
  '%201',
  '0x10',
  '99999999999999999999',
];

export function pathValue(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: valueFor(schema).map((value) => percentEncode(asText(value))) },
    { weight: 1, arbitrary: shortJunkString.map(percentEncode) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_SEGMENTS) },
  );
}

/** A query string: the documented parameters (valid, mutated, repeated) plus unknown ones. */
export function queryString(parameters: Record<string, JsonSchema>): fc.Arbitrary<string> {
  const documented = Object.entries(parameters).map(([name, schema]) =>
    fc.option(
      fc.oneof(
        { weight: 5, arbitrary: valueFor(schema).map((value) => [[name, asText(value)]]) },
        {
          weight: 1,
          arbitrary: fc
            .array(valueFor(schema), { minLength: 2, maxLength: 3 })
            .map((values) => values.map((value) => [name, asText(value)])),
        },
      ),
      { freq: 3 },
    ),
  );
  const unknown = fc.array(fc.tuple(shortJunkString, shortJunkString), { maxLength: 2 });
  const raw = fc.option(fc.constantFrom('%', '&&=&', 'a[b]=1', '__proto__[x]=1', '%E0%A4%A', '%00=%00'), {
    freq: 8,
  });
  return fc.tuple(fc.tuple(...documented), unknown, raw).map(([chosen, extra, rawPart]) => {
    const pairs = [...chosen.flatMap((pair) => pair ?? []), ...extra];
    const encoded = pairs.map(([name, value]) => `${percentEncode(name!)}=${percentEncode(value!)}`);
    if (rawPart) encoded.push(rawPart);
    return encoded.length ? `?${encoded.join('&')}` : '';
  });
}

export interface RawBody {
  contentType?: string;
  payload: string | Buffer;
}

/** JSON text nested deeper than any value could be built and serialised here. */
const deeplyNestedJson = fc
  .tuple(fc.integer({ min: 1000, max: 100_000 }), fc.constantFrom(['[', ']'], ['{"a":', '}']))
  .map(([depth, [open, close]]) => `${open!.repeat(depth)}1${close!.repeat(depth)}`);

const MALFORMED_JSON = [
  '{',
  '{"a":}',
  '[1,2',
  '{"a":1,}',
  "{'a':1}",
  'NaN',
  'undefined',
  '{"a":1}{"b":2}',
  '\u0000',
  '',
];

/** The body as sent: JSON of a schema-derived or junk value, malformed JSON, another content type. */
export function bodyFor(schema: JsonSchema | undefined): fc.Arbitrary<RawBody | undefined> {
  const json = (value: unknown): RawBody => ({
    contentType: 'application/json',
    payload: JSON.stringify(value) ?? 'null',
  });
  const expected = schema ? valueFor(schema) : junkValue;
  return fc.oneof(
    { weight: 12, arbitrary: expected.map(json) },
    { weight: 2, arbitrary: junkValue.map(json) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.constantFrom(...MALFORMED_JSON), deeplyNestedJson)
        .map((payload) => ({ contentType: 'application/json', payload })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          expected,
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'multipart/form-data',
            'application/json; charset=utf-16',
            'application/json;;;',
            undefined,
          ),
        )
        .map(([value, contentType]) => ({
          contentType,
          payload: JSON.stringify(value) ?? '',
        })),
    },
    {
      weight: 1,
      // Bytes that are not UTF-8 inside a JSON string.
      arbitrary: fc.uint8Array({ minLength: 1, maxLength: 8 }).map((bytes) => ({
        contentType: 'application/json',
        payload: Buffer.concat([
          Buffer.from('{"name":"'),
          Buffer.from([0xc3, 0x28, 0xff, ...bytes]),
          Buffer.from('"}'),
        ]),
      })),
    },
  );
}

/** multipart/form-data as the upload routes read it, with junk names, fields and contents. */
export const multipartBody: fc.Arbitrary<RawBody> = fc
  .array(
    fc.record({
      name: fc.oneof(
        fc.constantFrom('skan.pdf', 'zdjęcie.png', 'a"b\r\n.pdf', '.pdf', '💥.exe'),
        shortJunkString,
      ),
      content: fc.oneof(
        fc.constantFrom(...Object.values(SAMPLES), Buffer.alloc(0)),
        fc.uint8Array({ maxLength: 64 }).map(Buffer.from),
      ),
      field: fc.constantFrom('file', 'avatarImage', 'properties', 'name', ''),
      contentType: fc.constantFrom('application/pdf', 'image/png', 'application/json', 'text/plain'),
    }),
    { maxLength: 3 },
  )
  .map((parts) => {
    const { payload, headers } = multipartFiles(parts);
    return { contentType: headers['content-type'], payload };
  });
