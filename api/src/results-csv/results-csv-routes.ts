import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  RESULTS_CSV_FILE_NAME,
  resultsCsvOptions,
  resultsCsvQuery,
} from '@formularze/domain/schemas/results-csv';
import type { Database } from '../db/schema';
import { iterateInCurrentScope } from '../db/tenant-scope';
import { callerOf } from '../filled-data/filled-data-routes';
import { recordStaffRead } from '../audit/access-audit';
import { formIdParam } from '../forms/forms-access';
import { contentDisposition } from '../core/http/content-disposition';
import { exportColumns, headerRow, type ExportColumn } from './csv-columns';
import {
  EXPORT_BATCH_SIZE,
  exportBatch,
  exportedRows,
  exportScope,
  type ExportScope,
} from './results-csv-repository';

/**
 * Semicolons: Polish Excel splits a double-clicked CSV on `;` (its list separator, as `,` is the
 * decimal separator), so the file opens in columns without an import wizard.
 */
export const CSV_DELIMITER = ';';

/**
 * Rows per piece of text handed to the response: about 50 KB. A longer string would go to V8's
 * large-object space, which only a full collection frees.
 */
const ROWS_PER_PIECE = 100;

interface ExportRequest {
  db: Kysely<Database>;
  scope: ExportScope;
  columns: ExportColumn[];
  withPersonalData: boolean;
}

const CSV_OPTIONS = { delimiter: CSV_DELIMITER, record_delimiter: 'windows' } as const;

/**
 * The batch after `afterId` as text. Its row objects are local here, so they are garbage before
 * the text waits for the socket.
 */
async function batchAsText({ db, scope, columns, withPersonalData }: ExportRequest, afterId: number) {
  const batch = await exportBatch(db, scope, { afterId, withPersonalData });
  const pieces: string[] = [];
  for (let start = 0; start < batch.length; start += ROWS_PER_PIECE) {
    const records = batch
      .slice(start, start + ROWS_PER_PIECE)
      .map((row) => columns.map((column) => column.cell(row)));
    pieces.push(stringify(records, CSV_OPTIONS));
  }
  return { pieces, lastId: batch.at(-1)?.id, full: batch.length === EXPORT_BATCH_SIZE };
}

/** The file, a batch at a time, each read only when the client has taken the one before. */
async function* csvText(request: ExportRequest): AsyncGenerator<string> {
  yield stringify([headerRow(request.columns)], { ...CSV_OPTIONS, bom: true });
  let afterId = 0;
  for (;;) {
    const { pieces, lastId, full } = await batchAsText(request, afterId);
    yield* pieces;
    if (!full || lastId === undefined) return;
    afterId = lastId;
  }
}

/**
 * `GET /api/form_data/csv/{formId}` (§7): the filled forms of every edition of the form as
 * `data.csv`, streamed: rows are read in batches only as fast as the client takes the file, so a
 * large export holds a batch in memory, never the whole file. A failure after the first byte
 * (the database going away) cuts the download short, which the browser reports as failed.
 */
export const resultsCsvRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/api/form_data/csv/:formId',
    {
      config: { access: { permission: 'form-fill-details:page' } },
      schema: {
        tags: ['filled data'],
        params: formIdParam,
        querystring: resultsCsvQuery,
        // No response schema: the body is a stream, which a serializer must not touch.
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const options = resultsCsvOptions(request.query);
      // Checked before the first byte, so a refusal is still an ordinary JSON error.
      const scope = await exportScope(db, { caller, formId: request.params.formId, options });
      const withPersonalData = options.includePersonalData;
      const columns = exportColumns(scope.editions, scope.chosenEdition, {
        withPoints: caller.readsAllData,
        withPersonalData,
      });
      request.log.info(
        { userId: caller.userId, formId: request.params.formId, ...options },
        'filled data exported',
      );
      // Staff's exports only: counting a patient's own rows would cost them a query for nothing.
      if (caller.readsAllData) {
        await recordStaffRead(db, request, {
          operation: 'results.csv',
          ...(await exportedRows(db, scope)),
          resourceType: 'form',
          resourceIds: [request.params.formId],
          details: request.query,
        });
      }
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition('attachment', RESULTS_CSV_FILE_NAME))
          // One batch in hand at most: the next is read only once the client has taken this one.
          .send(
            // The socket pulls the batches: each runs in the request's tenant scope all the same.
            Readable.from(iterateInCurrentScope(csvText({ db, scope, columns, withPersonalData })), {
              highWaterMark: 1,
            }),
          )
      );
    },
  );
};
