// `npm run start:scale` (node --import tsx deploy/start.mts): the reference deployment on this
// machine — nginx on PORT (8080) balancing two API processes (API_PORTS, 8081,8082) on one PostgreSQL
// database (DATABASE_URL, postgres://postgres@127.0.0.1:5432/formularze), counting rate limits in
// Redis (REDIS_URL, redis://127.0.0.1:6379). It installs nginx when
// missing, builds what changed, migrates, deploys the remotes that have none, seeds the demo once,
// prints the address and stops everything on Ctrl-C or SIGTERM.
// RUN_DIR (data/scale) holds nginx's files, each process's DATA_DIR and the shared uploads;
// DEPLOYMENTS_DIR (deployments/) the remotes; SKIP_BUILD=true uses the built files as they are.
// Every other API setting (SMTP_URL, PUBLIC_URL, LOG_LEVEL, …) is passed to both processes.
import { DEFAULT_DATABASE_URL } from './database.mts';
import { startDeployment } from './deployment.mts';
import { NginxUnavailableError } from './nginx.mts';

const port = Number(process.env.PORT ?? 8080);
const apiPorts = (process.env.API_PORTS ?? `${port + 1},${port + 2}`).split(',').map(Number);
if (![port, ...apiPorts].every((value) => Number.isInteger(value) && value > 0 && value < 65536)) {
  console.error('PORT and API_PORTS must be port numbers (API_PORTS: comma-separated).');
  process.exit(2);
}

/** Each process's JSON log lines, prefixed by its name. */
function printPrefixed(name: string, chunk: string) {
  for (const line of chunk.split('\n')) if (line) process.stdout.write(`[${name}] ${line}\n`);
}

let deployment: Awaited<ReturnType<typeof startDeployment>>;
try {
  deployment = await startDeployment({
    port,
    apiPorts,
    databaseUrl: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
    runDir: process.env.RUN_DIR || 'data/scale',
    deploymentsDir: process.env.DEPLOYMENTS_DIR || 'deployments',
    build: process.env.SKIP_BUILD !== 'true',
    log: (line) => console.log(line),
    onApiOutput: printPrefixed,
  });
} catch (error) {
  console.error(error instanceof NginxUnavailableError ? error.message : error);
  process.exit(1);
}

let stopping = false;
async function stopAll(reason: string, code: number) {
  if (stopping) return;
  stopping = true;
  console.log(`${reason}: stopping nginx and the API processes…`);
  await deployment.stop();
  console.log('Stopped.');
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void stopAll(signal, 0));
}
// A process that dies is reported, not restarted: nginx sends its share to the others meanwhile.
for (const api of deployment.apis) {
  api.process.once('exit', (code, signal) => {
    if (!stopping) console.error(`${api.name} (port ${api.port}) exited (${signal ?? code}).`);
  });
}
// Ctrl-C reaches nginx too (same process group): its exit then comes with our own SIGINT, which wins.
deployment.nginx.process.once('exit', () => {
  setTimeout(() => void stopAll('nginx exited', 1), 200);
});

console.log(`Formularze runs behind nginx at http://localhost:${port}`);
console.log(
  `  API processes: ${deployment.apis.map((api) => `${api.name} ${api.url} (pid ${api.process.pid})`).join(', ')}`,
);
console.log(`  nginx: ${deployment.nginx.configPath} (access log ${deployment.nginx.accessLog})`);
console.log('Ctrl-C stops everything.');
