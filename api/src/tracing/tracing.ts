import diagnostics from 'node:diagnostics_channel';
import { register } from 'node:module';
import FastifyOtelInstrumentation from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { FastifyInstance } from 'fastify';

/** The attribute that ties a span to the request id of the log lines (pino's `reqId`). */
export const REQUEST_ID_ATTRIBUTE = 'formularze.request_id';

/** Probes and scrapes would drown the requests worth reading. */
const UNTRACED_PATHS = ['/api/health', '/api/ready', '/metrics'];

/**
 * Traces HTTP requests, their Fastify hooks and handler, and their PostgreSQL statements, sent to
 * `OTEL_EXPORTER_OTLP_ENDPOINT` (the exporter reads the standard OTEL_* variables) unless a test
 * gives its own span processor. Must run before the server's modules load: the instrumentations
 * patch `http` and `pg` as they are first imported (server.ts imports the rest afterwards).
 */
export function startTracing({
  spanProcessor = new BatchSpanProcessor(new OTLPTraceExporter()),
}: { spanProcessor?: SpanProcessor } = {}): NodeTracerProvider {
  // Modules imported through ESM reach the instrumentations only through this loader hook.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME ?? 'formularze-api' }),
    spanProcessors: [spanProcessor],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) =>
          UNTRACED_PATHS.some((path) => request.url === path || request.url?.startsWith(`${path}?`)),
      }),
      new PgInstrumentation(),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: (route) => UNTRACED_PATHS.includes(route.url),
      }),
    ],
  });
  // Added as each app is created, ahead of the Fastify instrumentation's own hooks: its request
  // span is still open in the first onSend hook, which every answer passes, refusals included.
  diagnostics.subscribe('fastify.initialization', (message) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onSend', async (request, _reply, payload) => {
      request.opentelemetry().span?.setAttribute(REQUEST_ID_ATTRIBUTE, request.id);
      return payload;
    });
  });
  return provider;
}
