// The API server's entry. Tracing, when asked for, must patch `http` and `pg` as they are first
// imported: it starts before the server's modules are loaded, and without OTEL_EXPORTER_OTLP_ENDPOINT
// nothing of OpenTelemetry is loaded at all.
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const { startTracing } = await import('./tracing/tracing');
  startTracing();
}
await import('./main');

// A module, for the top-level awaits above.
export {};
