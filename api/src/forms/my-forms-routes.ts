import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  myForm,
  myFormList,
  myFormsQuery,
  scheduledForm,
  scheduledFormList,
  scheduledFormsQuery,
} from '@formularze/domain/schemas/forms';
import { pagedResponse, pageRequest } from '@formularze/domain/schemas/paging';
import type { Clock } from '../core/clock';
import { sendStoredJson, storedList } from '../core/http/stored-response';
import type { Database } from '../db/schema';
import { apiError } from '@formularze/domain/schemas';
import { scheduledFormNotFound } from './form-lifecycle';
import { bagIdParams, formIdParams, formsCaller, moment } from './forms-access';
import {
  allMyActiveForms,
  allMyOpenSlots,
  findMySlot,
  listMyActiveForms,
  listMyFilledBags,
  listMyFilledPreviousEditions,
  listMySlots,
} from './my-forms-repository';

const tags = ['forms'];
/** Whoever fills forms (patients, and staff assigned to a form) has these lists of their own. */
const access = { permission: 'form-fill:page' } as const;

/**
 * The signed-in person's forms (§2 "Active forms", §7 `/api/v2/forms/...` paged, and the unpaged
 * `/api/forms/active` and `/api/forms/scheduled`); default sorts of §9. Static paths such as
 * `/api/forms/active` always win over `/api/forms/:id` in Fastify's router, whatever the order.
 */
export const myFormsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/api/v2/forms/active',
    {
      config: { access },
      schema: { tags, querystring: myFormsQuery, response: { 200: pagedResponse(myForm) } },
    },
    async (request, reply) =>
      sendStoredJson(
        reply,
        await listMyActiveForms(db, {
          person: formsCaller(request),
          today: moment(clock).today,
          page: pageRequest(request.query, 'name'),
        }),
      ),
  );

  app.get(
    '/api/v2/forms/all-my-filled-unique-bags',
    {
      config: { access },
      schema: { tags, querystring: myFormsQuery, response: { 200: pagedResponse(myForm) } },
    },
    async (request, reply) =>
      sendStoredJson(
        reply,
        await listMyFilledBags(db, {
          person: formsCaller(request),
          page: pageRequest(request.query, 'name'),
        }),
      ),
  );

  app.get(
    '/api/forms/active',
    { config: { access }, schema: { tags, response: { 200: myFormList } } },
    async (request, reply) =>
      sendStoredJson(
        reply,
        storedList(await allMyActiveForms(db, { person: formsCaller(request), today: moment(clock).today })),
      ),
  );

  app.get(
    '/api/v2/forms/all-my-filled-previous/:bagId',
    {
      config: { access },
      schema: {
        tags,
        params: bagIdParams,
        querystring: myFormsQuery,
        response: { 200: pagedResponse(myForm) },
      },
    },
    async (request, reply) =>
      sendStoredJson(
        reply,
        await listMyFilledPreviousEditions(db, {
          person: formsCaller(request),
          bagId: request.params.bagId,
          page: pageRequest(request.query, 'name'),
        }),
      ),
  );

  const slotLists = [
    { path: '/api/v2/forms/scheduled', when: 'open' },
    { path: '/api/v2/forms/scheduled-for-future', when: 'future' },
  ] as const;
  for (const { path, when } of slotLists) {
    app.get(
      path,
      {
        config: { access },
        schema: { tags, querystring: scheduledFormsQuery, response: { 200: pagedResponse(scheduledForm) } },
      },
      async (request) =>
        listMySlots(db, {
          person: formsCaller(request),
          now: clock(),
          when,
          page: pageRequest(request.query, 'startDate'),
        }),
    );
  }

  app.get(
    '/api/forms/scheduled',
    { config: { access }, schema: { tags, response: { 200: scheduledFormList } } },
    async (request) => allMyOpenSlots(db, { person: formsCaller(request), now: clock() }),
  );

  // The fill page of a scheduled form reads its window to count down to its end (§4 "Countdown").
  app.get(
    '/api/forms/scheduled/:id',
    {
      config: { access },
      schema: { tags, params: formIdParams, response: { 200: scheduledForm, 404: apiError } },
    },
    async (request) => {
      const slot = await findMySlot(db, {
        person: formsCaller(request),
        id: request.params.id,
        now: clock(),
      });
      if (!slot) throw scheduledFormNotFound();
      return slot;
    },
  );
};
