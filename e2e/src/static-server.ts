import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticServer {
  /** The server's origin, e.g. `http://127.0.0.1:40123`. */
  url: string;
  close(): Promise<void>;
}

/**
 * A plain static file server on its own port, standing in for a CDN: it knows nothing of the
 * product, serves `root` read-only and lets only `allowOrigin` (the shell's origin) read its files
 * from scripts.
 */
export async function startStaticServer({
  root,
  allowOrigin,
}: {
  root: string;
  allowOrigin?: string;
}): Promise<StaticServer> {
  const base = path.resolve(root);
  const server = createServer(async (request, response) => {
    if (allowOrigin) response.setHeader('Access-Control-Allow-Origin', allowOrigin);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const { pathname } = new URL(request.url ?? '/', 'http://static.invalid');
    const file = path.join(base, decodeURIComponent(pathname));
    const found = file.startsWith(`${base}${path.sep}`) ? await stat(file).catch(() => null) : null;
    if (!found?.isFile()) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    response.writeHead(200, {
      'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Content-Length': found.size,
      // Deployment folders are immutable, as a CDN would be told.
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  // A test that fails before it can close the server must still be able to exit.
  server.unref();
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
