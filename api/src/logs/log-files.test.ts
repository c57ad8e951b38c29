import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { after, test } from 'node:test';
import { listLogFiles, readCurrentLog } from './log-files';
import { createLogger } from './logger';

const dir = await mkdtemp(path.join(os.tmpdir(), 'formularze-logs-'));
after(() => rm(dir, { recursive: true, force: true }));
const logFile = path.join(dir, 'api.log');

test('without log files there is nothing to read', async () => {
  assert.deepEqual(await listLogFiles(path.join(dir, 'missing', 'api.log')), []);
  assert.equal(await readCurrentLog(path.join(dir, 'missing', 'api.log')), null);
});

test('lists the rotated files, current one first, and reads it from an offset', async () => {
  await writeFile(path.join(dir, 'api.1.log'), '{"msg":"old"}\n');
  await writeFile(path.join(dir, 'api.10.log'), '{"msg":"first"}\n{"msg":"second"}\n');
  await writeFile(path.join(dir, 'api.2.log'), '{"msg":"older"}\n');
  await writeFile(path.join(dir, 'other.3.log'), 'not ours');

  const files = await listLogFiles(logFile);
  assert.deepEqual(
    files.map((file) => path.basename(file.path)),
    ['api.10.log', 'api.2.log', 'api.1.log'],
  );

  const whole = await readCurrentLog(logFile);
  assert.equal(whole?.file.number, 10);
  assert.equal(await text(whole!.stream), '{"msg":"first"}\n{"msg":"second"}\n');

  const rest = await readCurrentLog(logFile, { start: '{"msg":"first"}\n'.length });
  assert.equal(await text(rest!.stream), '{"msg":"second"}\n');

  const nothingNew = await readCurrentLog(logFile, { start: whole!.file.size });
  assert.equal(await text(nothingNew!.stream), '');
});

test('finds what the logger writes', async () => {
  const ownFile = path.join(dir, 'written', 'server.log');
  createLogger({ logFile: ownFile, logLevel: 'info' }).info('zapisane');
  let current = null;
  for (let attempt = 0; attempt < 50 && !current?.file.size; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = await readCurrentLog(ownFile);
  }
  assert.equal(path.basename(current!.file.path), 'server.1.log');
  assert.match(await text(current!.stream), /"msg":"zapisane"/);
});
