import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { startApiProcesses } from '../../test/api-processes';

/** An OTLP/HTTP collector's stand-in: it keeps what the server posts. */
const received: Array<{ path: string | undefined; contentType: string | undefined; bytes: number }> = [];
const collector = createServer((request: IncomingMessage, response) => {
  let bytes = 0;
  request.on('data', (chunk: Buffer) => (bytes += chunk.length));
  request.on('end', () => {
    received.push({ path: request.url, contentType: request.headers['content-type'], bytes });
    response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
  });
});
await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
after(() => new Promise((resolve) => collector.close(resolve)));

test("with OTEL_EXPORTER_OTLP_ENDPOINT, the running server sends its requests' traces over OTLP", async () => {
  const collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  const { processes, stop } = await startApiProcesses(1, {
    OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
    // Sent a moment after the request rather than after the SDK's default 5 s.
    OTEL_BSP_SCHEDULE_DELAY: '200',
  });
  try {
    const response = await fetch(`http://127.0.0.1:${processes[0]!.port}/api/version`);
    assert.equal(response.status, 200);
    const deadline = Date.now() + 20_000;
    while (!received.some((post) => post.path === '/v1/traces') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const traces = received.find((post) => post.path === '/v1/traces');
    assert.ok(traces, `nothing reached the collector: ${JSON.stringify(received)}`);
    assert.equal(traces.contentType, 'application/x-protobuf');
    assert.ok(traces.bytes > 0);
  } finally {
    await stop();
  }
});
