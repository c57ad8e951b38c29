import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { REQUEST_ID_ATTRIBUTE, startTracing } from './tracing';

// Before the server's modules, as server.ts does: they are patched as they load.
const exporter = new InMemorySpanExporter();
const provider = startTracing({ spanProcessor: new SimpleSpanProcessor(exporter) });
const { createOrganization, createUser, setupDatabaseAndApp, signIn } = await import('../../test/helpers');

const { db, app } = await setupDatabaseAndApp();
await app.listen({ host: '127.0.0.1', port: 0 });
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
after(() => provider.shutdown());

/** The spans of one trace, each with its children, from its root. */
function tree(spans: ReadableSpan[], parent: ReadableSpan): object {
  const children = spans.filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId);
  return { name: parent.name, children: children.map((child) => tree(spans, child)) };
}

test("a request's trace: the HTTP server span, Fastify's request and handler spans, and its request id", async () => {
  const organizationId = await createOrganization(db);
  await createUser(db, { email: 'lekarz@tracing.test', authorities: 'ROLE_EDITOR', organizationId });
  const headers = await signIn(app, { email: 'lekarz@tracing.test' });
  exporter.reset();

  const response = await fetch(`${url}/api/persons/my`, { headers });
  assert.equal(response.status, 200);
  await provider.forceFlush();

  const spans = exporter.getFinishedSpans();
  const root = spans.find((span) => span.parentSpanContext === undefined && span.name.startsWith('GET'));
  assert.ok(root, `no HTTP server span among ${spans.map((span) => span.name).join(', ')}`);
  const trace = spans.filter((span) => span.spanContext().traceId === root.spanContext().traceId);
  const names = trace.map((span) => span.name);
  assert.ok(
    names.some((name) => name.startsWith('request')),
    `no Fastify request span in ${names.join(', ')}`,
  );
  assert.ok(
    names.some((name) => name.startsWith('handler')),
    `no handler span in ${names.join(', ')}`,
  );
  assert.ok(
    trace.some((span) => typeof span.attributes[REQUEST_ID_ATTRIBUTE] === 'string'),
    'the request id of the logs is on the trace',
  );
  if (process.env.DATABASE_URL) {
    assert.ok(
      trace.some((span) => span.name.startsWith('pg.query')),
      `no PostgreSQL statement span in ${JSON.stringify(tree(trace, root))}`,
    );
  }
});

test('health probes and scrapes are not traced', async () => {
  exporter.reset();
  assert.equal((await fetch(`${url}/api/health`)).status, 200);
  await provider.forceFlush();
  assert.deepEqual(
    exporter.getFinishedSpans().map((span) => span.name),
    [],
  );
});
