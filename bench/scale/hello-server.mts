// The ceiling the API's throughput is compared with: Fastify answering a small JSON, nothing else.
// Prints one line once it listens on 127.0.0.1:PORT.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`hello-world listening on ${JSON.stringify(app.server.address())}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
