import { parse } from 'csv-parse/sync';

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
