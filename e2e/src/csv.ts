import { parse } from 'csv-parse/sync';

/** The product's CSV exports: a byte-order mark (so Excel reads UTF-8), then cells separated by ';'. */
const PRODUCT_CSV = { bom: true, delimiter: ';' } as const;

/** An exported CSV as rows of cells, the header row first. */
export function csvRows(content: string | Buffer): string[][] {
  return parse(content, PRODUCT_CSV);
}

/** An exported CSV's records keyed by the header row's names. */
export function csvRecords(content: string | Buffer): Record<string, string>[] {
  return parse(content, { ...PRODUCT_CSV, columns: true });
}
