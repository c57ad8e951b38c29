import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { myForm, myFormsQuery, scheduledForm, scheduledFormsQuery } from 'shared-ui/schemas/forms';
import { pagedResponse, pageRequest } from 'shared-ui/schemas/paging';
import type { Clock } from '../auth/clock';
import type { Database } from '../db/schema';
import { apiError } from 'shared-ui/schemas';
import { scheduledFormNotFound } from '../filled-data/filled-data-errors';
import { formIdParams, formsCaller, moment } from './forms-access';
import { findMySlot, listMyActiveForms, listMyFilledBags, listMySlots } from './my-forms-repository';

const tags = ['forms'];
/** Whoever fills forms (patients, and staff assigned to a form) has these lists of their own. */
const access = { permission: 'form-fill:page' } as const;

/** The signed-in person's forms (§2 "Active forms", §7 `/api/v2/forms/...`); default sorts of §9. */
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
    async (request) =>
      listMyActiveForms(db, {
        person: formsCaller(request),
        today: moment(clock).today,
        page: pageRequest(request.query, 'name'),
      }),
  );

  app.get(
    '/api/v2/forms/all-my-filled-unique-bags',
    {
      config: { access },
      schema: { tags, querystring: myFormsQuery, response: { 200: pagedResponse(myForm) } },
    },
    async (request) =>
      listMyFilledBags(db, { person: formsCaller(request), page: pageRequest(request.query, 'name') }),
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
