/** Types a browser runs as a page of the origin that serves them, or as its script. */
const RUNNABLE = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/xml',
  'application/xml',
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
  'text/ecmascript',
  'application/ecmascript',
]);

/**
 * The Content-Type to serve a stored file with: its own, except for a type a browser would run
 * as a page or script of ours (HTML, XHTML, SVG, any XML, JavaScript), which is served as plain
 * text whoever stored it.
 */
export function servedType(type: string): string {
  const essence = type.split(';')[0]!.trim().toLowerCase();
  return RUNNABLE.has(essence) || essence.endsWith('+xml') ? 'text/plain; charset=utf-8' : type;
}
