import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fitsFileType, recogniseFile } from './file-kinds';
import { SAMPLES } from '../../test/uploads-fixture';

const folder = await mkdtemp(path.join(os.tmpdir(), 'formularze-file-kinds-'));
after(() => rm(folder, { recursive: true, force: true }));

async function recognise(name: string, content: Buffer) {
  const file = path.join(folder, `${Math.random()}`);
  await writeFile(file, content);
  return recogniseFile(file, name);
}

/** The header of an OLE compound file, as old Word and Excel files (and installers) begin. */
const OLE = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]);

test('old Office files are told apart by their name; other compound files are no document', async () => {
  assert.deepEqual(await recognise('karta.doc', OLE), { extension: 'doc', mimeType: 'application/msword' });
  assert.deepEqual(await recognise('wyniki.XLS', OLE), {
    extension: 'xls',
    mimeType: 'application/vnd.ms-excel',
  });
  const installer = await recognise('setup.msi', OLE);
  assert.equal(installer.extension, null);
  assert.equal(fitsFileType(installer.extension, 'Document'), false);
});

test('text is a document only as UTF-8 named txt or csv', async () => {
  assert.deepEqual(await recognise('notatka.txt', Buffer.from('\ufeffZażółć gęślą jaźń')), {
    extension: 'txt',
    mimeType: 'text/plain; charset=utf-8',
  });
  // The same words in Windows-1250 are not valid UTF-8.
  const legacy = await recognise('wyniki.csv', Buffer.from([0x5a, 0x61, 0xbf, 0xf3, 0xb3, 0x3b, 0x31]));
  assert.deepEqual(legacy, { extension: null, mimeType: 'application/octet-stream' });
  const page = await recognise('strona.html', Buffer.from('<html><script>alert(1)</script></html>'));
  assert.deepEqual(page, { extension: null, mimeType: 'text/plain; charset=utf-8' });
  assert.equal(fitsFileType(page.extension, 'Document'), false);
  assert.equal(fitsFileType(page.extension, 'Any'), true);
});

test('a JPEG is an image by either extension, and by its content under another name', async () => {
  assert.deepEqual(await recognise('rana.jpeg', SAMPLES.jpg), { extension: 'jpeg', mimeType: 'image/jpeg' });
  assert.deepEqual(await recognise('rana.pdf', SAMPLES.jpg), { extension: 'jpg', mimeType: 'image/jpeg' });
  assert.equal(fitsFileType('jpeg', 'Image'), true);
  assert.equal(fitsFileType('jpg', 'Movie'), false);
});
