import type { FastifyReply } from 'fastify';
import type { Paged } from '@formularze/domain/schemas/paging';

/** JSON text the database built in the shape of `T` (a route's response schema). */
export type StoredJson<T> = string & { readonly shapeOf: T };

/**
 * Sends JSON the database built for a route, as it is: not parsed, not serialized, not checked
 * against the response schema again (the schema still documents it). For answers read back the way
 * they were validated when written: re-checking a 300-question form's template took the server's
 * only thread ~20 ms on the first request of every fill page, and parsing and serializing it again
 * was most of the route's own time (bench/README.md).
 */
export function sendStoredJson<T>(reply: FastifyReply, json: StoredJson<T>): FastifyReply {
  // A string with a JSON content type skips Fastify's serializers.
  return reply.type('application/json; charset=utf-8').send(json as unknown as T);
}

/**
 * Sends a value the API built key by key in the shape of `T` (nothing spread from stored data, so
 * it holds no key the schema lacks), serialized without checking it against the response schema
 * again: the check cost a save ~5 % of its CPU (bench/README.md). The routes' tests hold such
 * answers equal to their schema's parse.
 */
export const sendBuiltJson = <T>(reply: FastifyReply, value: T): FastifyReply =>
  sendStoredJson(reply, JSON.stringify(value) as StoredJson<T>);

/** Items the database built, as one JSON array. */
export const storedList = <T>(items: StoredJson<T>[]): StoredJson<T[]> =>
  `[${items.join(',')}]` as StoredJson<T[]>;

/** A page (`pagedResponse` of domain/src/schemas/paging.ts) of items the database built. */
export const storedPage = <T>(
  items: StoredJson<T>[],
  { totalElements, page, pageSize }: Omit<Paged<T>, 'content'>,
): StoredJson<Paged<T>> =>
  `{"content":${storedList(items)},"totalElements":${totalElements},"page":${page},"pageSize":${pageSize}}` as StoredJson<
    Paged<T>
  >;
