import assert from 'node:assert/strict';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { helpMedia } from '@formularze/domain/schemas';
import { setupDatabaseAndApp } from '../../test/helpers';

const { app, config } = await setupDatabaseAndApp();

async function install(file: string, content = `%PDF ${file}`) {
  const target = path.join(config.mediaDir, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, content);
}

test('the media folder is created when missing', async () => {
  assert.ok((await stat(config.mediaDir)).isDirectory());
  await rm(config.mediaDir, { recursive: true });
  const response = await app.inject('/api/media');
  assert.equal(response.statusCode, 200);
  assert.deepEqual(response.json(), { files: [] });
  assert.ok((await stat(config.mediaDir)).isDirectory());
});

test('GET /api/media lists the installed help files, not hidden files nor terms', async () => {
  await install('video/instrukcja.mp4');
  await install('manuals/pacjent.pdf');
  await install('manuals/administrator.pdf');
  await install('instructions/start.pdf');
  await install('.hidden');
  await install('manuals/.DS_Store');
  await install('terms/1/regulamin.pdf');
  const response = await app.inject({ url: '/api/media', headers: { 'x-tenantid-1': 'main' } });
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['cache-control'], 'no-cache');
  assert.deepEqual(helpMedia.parse(response.json()).files, [
    'instructions/start.pdf',
    'manuals/administrator.pdf',
    'manuals/pacjent.pdf',
    'video/instrukcja.mp4',
  ]);
});

test('files open inline under /org-media/files and are never sniffed', async () => {
  await install('manuals/pacjent.pdf', '%PDF-1.7 manual');
  await install('terms/1/Regulamin ważny.pdf', '%PDF-1.7 terms');
  const manual = await app.inject('/org-media/files/manuals/pacjent.pdf');
  assert.equal(manual.statusCode, 200);
  assert.equal(manual.body, '%PDF-1.7 manual');
  assert.equal(manual.headers['content-type'], 'application/pdf');
  assert.equal(manual.headers['content-disposition'], 'inline');
  assert.equal(manual.headers['x-content-type-options'], 'nosniff');

  const terms = await app.inject('/org-media/files/terms/1/Regulamin%20wa%C5%BCny.pdf');
  assert.equal(terms.statusCode, 200);
  assert.equal(terms.body, '%PDF-1.7 terms');
});

test('nothing outside the media folder, hidden or missing is served; a miss is a JSON 404', async () => {
  // The 404 message repeats the path, so the check looks for the files' content, not their names.
  await writeFile(path.join(config.mediaDir, '..', 'secret.txt'), 'CONFIDENTIAL');
  await install('.env', 'CONFIDENTIAL');
  for (const url of [
    '/org-media/files/../secret.txt',
    '/org-media/files/%2e%2e/secret.txt',
    '/org-media/files/..%2fsecret.txt',
    '/org-media/files/%2e%2e%2fsecret.txt',
    '/org-media/files/manuals/..%2f..%2fsecret.txt',
    '/org-media/files/.env',
    '/org-media/files/manuals/brak.pdf',
    '/org-media/files/',
  ]) {
    const response = await app.inject(url);
    assert.notEqual(response.statusCode, 200, url);
    assert.doesNotMatch(response.body, /CONFIDENTIAL/, url);
    assert.doesNotMatch(response.body, /<html/i, url);
  }
  const missing = await app.inject('/org-media/files/manuals/brak.pdf');
  assert.equal(missing.statusCode, 404);
  assert.equal(missing.json().code, 'not-found');
});

test('the built-in help is served and listed behind the media folder, which takes precedence', async () => {
  async function build(file: string, content: string) {
    const target = path.join(config.builtInHelpDir, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  }
  await build('manuals/koordynator.pdf', '%PDF built-in coordinator manual');
  await build('instructions/forms.pdf', '%PDF built-in forms instructions');
  await build('terms/1/regulamin.pdf', '%PDF not help');
  await install('instructions/forms.pdf', '%PDF operator forms instructions');

  const listing = helpMedia.parse((await app.inject('/api/media')).json()).files;
  assert.ok(listing.includes('manuals/koordynator.pdf'));
  assert.equal(listing.filter((file) => file === 'instructions/forms.pdf').length, 1);
  assert.ok(!listing.some((file) => file.startsWith('terms/')));

  const builtIn = await app.inject('/org-media/files/manuals/koordynator.pdf');
  assert.equal(builtIn.statusCode, 200);
  assert.equal(builtIn.body, '%PDF built-in coordinator manual');
  assert.equal(builtIn.headers['content-type'], 'application/pdf');
  assert.equal(builtIn.headers['content-disposition'], 'inline');

  const replaced = await app.inject('/org-media/files/instructions/forms.pdf');
  assert.equal(replaced.body, '%PDF operator forms instructions');
});
