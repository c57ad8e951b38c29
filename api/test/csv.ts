import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import type { Headers } from './requests';

/**
 * An exported CSV file read back as a spreadsheet would (BOM, `;`, Windows line ends), by a parser
 * the product does not use to write: its header and each row by column name.
 */
export function readExportedCsv(payload: Buffer) {
  const [header = [], ...records]: string[][] = parse(payload, {
    bom: true,
    delimiter: ';',
    record_delimiter: '\r\n',
  });
  return {
    header,
    rows: records.map((record) => Object.fromEntries(header.map((name, i) => [name, record[i]!]))),
  };
}

/**
 * The CSV file `headers` download from `url`, checked as a browser would save it (named
 * `fileName`), read back with readExportedCsv; `payload` holds its bytes.
 */
export async function downloadedCsv(app: FastifyInstance, headers: Headers, url: string, fileName: string) {
  const response = await app.inject({ method: 'GET', url, headers });
  assert.equal(response.statusCode, 200, response.body);
  assert.equal(response.headers['content-type'], 'text/csv; charset=utf-8');
  assert.ok(
    String(response.headers['content-disposition']).startsWith(`attachment; filename="${fileName}"`),
    String(response.headers['content-disposition']),
  );
  return { payload: response.rawPayload, ...readExportedCsv(response.rawPayload) };
}
