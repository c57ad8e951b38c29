import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { access, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, test } from 'node:test';
import { crc32 } from 'node:zlib';
import {
  FILE_TYPE_NOT_ALLOWED_CODE,
  TOO_MANY_FILES_CODE,
  TOO_MANY_FILES_MESSAGE,
} from '@formularze/domain/schemas/uploads';
import { setupTestDatabase } from '../../test/helpers';
import { expectError, SAMPLES, uploadsTestApp, type Headers } from '../../test/uploads-fixture';

/**
 * Attacks on the files of answers: pages passed off as documents, files that are two formats at
 * once, names that try to leave the upload folder, oversized and multiple files, and the headers
 * every served file must carry so that a browser never runs it as a page of ours.
 */

const db = await setupTestDatabase();
const LIMIT = 64 * 1024;
const { app, config, clock, upload, uploadParts, organization } = await uploadsTestApp(db, {
  maxUploadBytes: LIMIT,
});
/** The test's whole file tree: data (with the uploads), media, deployments. */
const ROOT = path.dirname(config.dataDir);
beforeEach(async () => {
  clock.now = new Date('2026-06-10T10:00:00Z');
  await rm(config.uploadsDir, { recursive: true, force: true });
});

/** Every file under the test's folders, as paths relative to them. */
async function filesUnderRoot(): Promise<string[]> {
  const entries = await readdir(ROOT, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The files an attempt added anywhere under the test's folders. */
async function filesAddedBy(attempt: () => Promise<unknown>): Promise<string[]> {
  const before = new Set(await filesUnderRoot());
  await attempt();
  return (await filesUnderRoot()).filter((file) => !before.has(file));
}

const uploadedRows = async () => (await db.selectFrom('uploaded_files').select('id').execute()).length;

/** An upload that must be refused as a type the field does not take, leaving no byte and no row. */
async function expectRefusedType(headers: Headers, name: string, content: Buffer, query = '') {
  const added = await filesAddedBy(async () =>
    expectError(await upload(headers, name, content, query), 400, FILE_TYPE_NOT_ALLOWED_CODE),
  );
  assert.deepEqual(added, [], `${name}${query}: nothing written`);
}

/** A ZIP archive of one stored (uncompressed) file, as a JAR is. */
function zipArchive(name: string, content: Buffer): Buffer {
  const fileName = Buffer.from(name);
  const checksum = crc32(content);
  /**
   * The fields the local header and the central directory's header both carry, in the same order from
   * `offset`: the version needed (1.0), then the checksum, both sizes and the name's length.
   */
  const writeFileFields = (header: Buffer, offset: number) => {
    header.writeUInt16LE(10, offset);
    header.writeUInt32LE(checksum, offset + 10);
    header.writeUInt32LE(content.length, offset + 14);
    header.writeUInt32LE(content.length, offset + 18);
    header.writeUInt16LE(fileName.length, offset + 22);
  };
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  writeFileFields(local, 4);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  // The version made by, before the fields the local header has too.
  central.writeUInt16LE(10, 4);
  writeFileFields(central, 6);
  const entry = Buffer.concat([local, fileName, content]);
  const directory = Buffer.concat([central, fileName]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(entry.length, 16);
  return Buffer.concat([entry, directory, end]);
}

const PAGE = '<!DOCTYPE html><html><body><script>fetch("/api/persons/my")</script></body></html>';
/** A 1×1 GIF. */
const GIF = Buffer.from(
  '4749463839610100010080000000000000ffffff21f90401000000002c00000000010001000002024401003b',
  'hex',
);
const jpegWithComment = (comment: string) =>
  Buffer.concat([
    SAMPLES.jpg.subarray(0, 20),
    // A COM segment: length (2 bytes, itself included), then the text.
    Buffer.from([0xff, 0xfe, 0x00, comment.length + 2]),
    Buffer.from(comment, 'latin1'),
    SAMPLES.jpg.subarray(20),
  ]);

test('a web page is refused whatever its name, its declared type and the field', async () => {
  const { anna, organizationId } = await organization('Alfa');
  const page = Buffer.from(PAGE);
  for (const query of ['?fileType=Document', '?fileType=Image', '?fileType=Any', '']) {
    await expectRefusedType(anna, 'skierowanie.pdf', page, query);
  }
  await expectRefusedType(anna, 'strona.html', page);
  await expectRefusedType(anna, 'notatka.txt', Buffer.from('Wyniki w załączeniu <script>alert(1)</script>'));
  await expectRefusedType(anna, 'wykres.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
  // XML is recognised by its content, and a browser runs XHTML's scripts.
  const xhtml = `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>`;
  await expectRefusedType(anna, 'dane.xml', Buffer.from(xhtml));
  const prefixed = `<?xml version="1.0"?><x:html xmlns:x="http://www.w3.org/1999/xhtml"><x:script>alert(1)</x:script></x:html>`;
  await expectRefusedType(anna, 'dane.xml', Buffer.from(prefixed));
  expectError(
    await uploadParts(
      anna,
      [{ name: 'karta.pdf', content: page, contentType: 'application/pdf' }],
      '?fileType=Document',
    ),
    400,
    FILE_TYPE_NOT_ALLOWED_CODE,
  );
  assert.deepEqual(await readdir(path.join(config.uploadsDir, String(organizationId))), []);
  assert.equal(await uploadedRows(), 0);
});

test('a picture or a PDF that is also a page, a script or an archive is refused', async () => {
  const { anna } = await organization('Alfa');
  const polyglots: [string, Buffer, string][] = [
    ['zdjecie.jpg', jpegWithComment(`<html><script>alert(document.domain)</script>`), 'Image'],
    [
      'animacja.gif',
      Buffer.concat([GIF, Buffer.from(`<script src="//zly.example/x.js"></script>`)]),
      'Image',
    ],
    [
      'obraz.gif',
      Buffer.concat([GIF, zipArchive('META-INF/MANIFEST.MF', Buffer.from('Main-Class: X\n'))]),
      'Image',
    ],
    ['skan.png', Buffer.concat([SAMPLES.png, zipArchive('index.html', Buffer.from(PAGE))]), 'Image'],
    ['wynik.pdf', Buffer.concat([SAMPLES.pdf, Buffer.from(PAGE)]), 'Document'],
    [
      'formularz.pdf',
      Buffer.from(
        '%PDF-1.7\n1 0 obj\n<< /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\nendobj\n%%EOF\n',
      ),
      'Document',
    ],
    ['link.pdf', Buffer.concat([SAMPLES.pdf, Buffer.from('<< /URI (javascript:alert(1)) >>')]), 'Document'],
  ];
  for (const [name, content, fileType] of polyglots) {
    await expectRefusedType(anna, name, content, `?fileType=${fileType}`);
    await expectRefusedType(anna, name, content);
  }
  assert.equal(await uploadedRows(), 0);

  // The same formats without anything hidden are taken: the search is for what hides, not for the format.
  for (const [name, content] of [
    ['zdjecie.jpg', jpegWithComment('Aparat: telefon')],
    ['animacja.gif', GIF],
    ['skan.png', SAMPLES.png],
    ['wynik.pdf', SAMPLES.pdf],
    ['archiwum.zip', zipArchive('wyniki.txt', Buffer.from('7'))],
  ] as const) {
    assert.equal((await upload(anna, name, content)).statusCode, 201, name);
  }
});

test('a name with folders, an absolute path, control or direction characters is only a name', async () => {
  const { anna, organizationId } = await organization('Alfa');
  const outside = path.join(ROOT, `poza-${randomUUID()}.pdf`);
  const cases: [sent: string, kept: string][] = [
    ['../../../../poza.pdf', 'poza.pdf'],
    ['..\\..\\..\\poza.pdf', 'poza.pdf'],
    [outside, path.basename(outside)],
    ['C:\\Windows\\System32\\drivers\\etc\\hosts.pdf', 'hosts.pdf'],
    ['\\\\serwer\\udział\\skan.pdf', 'skan.pdf'],
    ['skan\u0000.html.pdf', 'skan.html.pdf'],
    ['..', 'plik'],
    ['/', 'plik'],
    // Right-to-left override: would read as "skanfdp.exe" reversed into "skanexe.pdf".
    ['skan\u202Efdp.exe', 'skanfdp.exe'],
    ['Zas\u0301wiadczenie 😷.pdf', 'Zaświadczenie 😷.pdf'],
    [`${'ż'.repeat(300)}.pdf`, 'ż'.repeat(255)],
    ['😷'.repeat(300), '😷'.repeat(255)],
  ];
  for (const [sent, kept] of cases) {
    let id = '';
    const added = await filesAddedBy(async () => {
      const response = await upload(anna, sent, SAMPLES.pdf);
      assert.equal(response.statusCode, 201, `${JSON.stringify(sent)}: ${response.body}`);
      assert.equal(response.json().name, kept, JSON.stringify(sent));
      id = response.json().id;
    });
    // The bytes are under the organization's folder, named by the file's id and nothing else.
    assert.deepEqual(added, [path.relative(ROOT, path.join(config.uploadsDir, String(organizationId), id))]);
    const served = await app.inject({ url: `/api/form_data/serve_file/${id}?download=true`, headers: anna });
    assert.equal(served.statusCode, 200);
    const disposition = String(served.headers['content-disposition']);
    assert.match(disposition, /^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[\w%.!~-]*$/);
    assert.doesNotMatch(disposition, /[\\/]/, JSON.stringify(sent));
  }
  await assert.rejects(access(outside));
});

test('a file over the limit is refused while it streams, and no part of it stays', async () => {
  const { anna } = await organization('Alfa');
  const atLimit = Buffer.concat([SAMPLES.pdf, Buffer.alloc(LIMIT - SAMPLES.pdf.length, 0x20)]);
  const added = await filesAddedBy(async () => {
    assert.equal((await upload(anna, 'pełny.pdf', atLimit, '?fileType=Document')).statusCode, 201);
  });
  assert.equal(added.length, 1);
  for (const size of [LIMIT + 1, LIMIT * 16]) {
    const tooLarge = Buffer.concat([SAMPLES.pdf, Buffer.alloc(size - SAMPLES.pdf.length, 0x20)]);
    const none = await filesAddedBy(async () => {
      const body = expectError(
        await upload(anna, 'duży.pdf', tooLarge, '?fileType=Document'),
        413,
        'file-too-large',
      );
      assert.equal(body.message, 'Plik jest za duży (najwyżej 1 MB)');
    });
    assert.deepEqual(none, [], `${size} bytes`);
  }
  assert.equal(await uploadedRows(), 1);
});

test('several files in one upload are too many files, and none of them is kept', async () => {
  const { anna } = await organization('Alfa');
  const added = await filesAddedBy(async () => {
    const body = expectError(
      await uploadParts(anna, [
        { name: 'pierwszy.pdf', content: SAMPLES.pdf },
        { name: 'drugi.pdf', content: SAMPLES.pdf },
      ]),
      400,
      TOO_MANY_FILES_CODE,
    );
    assert.equal(body.message, TOO_MANY_FILES_MESSAGE);
  });
  assert.deepEqual(added, []);
  assert.equal(await uploadedRows(), 0);
});

/** HTML, XHTML, SVG, any XML and scripts: what a browser runs as a page or script of ours. */
const RUNNABLE_TYPE =
  /^(text\/html|application\/xhtml\+xml|[\w.-]+\/[\w.-]+\+xml|text\/xml|application\/xml|\w+\/(x-)?(java|ecma)script)(;|$)/i;

/** Headers without which a browser could take a served file for a page of ours. */
function assertServedSafely(
  response: { statusCode: number; headers: Record<string, unknown> },
  what: string,
) {
  assert.equal(response.statusCode, 200, what);
  assert.equal(response.headers['x-content-type-options'], 'nosniff', what);
  assert.match(String(response.headers['content-disposition']), /^(inline|attachment)\b/, what);
  const type = String(response.headers['content-type']);
  assert.match(type, /^[\w.+-]+\/[\w.+-]+(;|$)/, `${what}: a type`);
  assert.doesNotMatch(type, RUNNABLE_TYPE, `${what}: ${type}`);
}

test('every served file says what it is, is never sniffed, and is never a page', async () => {
  const { anna, organizationId } = await organization('Alfa');
  for (const [name, content] of [
    ['skan.pdf', SAMPLES.pdf],
    ['zdjecie.png', SAMPLES.png],
    ['zdjecie.jpg', SAMPLES.jpg],
    ['wyniki.csv', SAMPLES.csv],
    ['notatka.html', Buffer.from('Ciśnienie 120/80, tętno 60.')],
    // XML without markup is taken (a device's export), and served as text.
    ['pomiary.xml', Buffer.from('<?xml version="1.0"?><pomiary><tetno>60</tetno></pomiary>')],
    ['program.jpg', SAMPLES.exe],
  ] as const) {
    const { id } = (await upload(anna, name, content)).json();
    for (const query of ['', '?download=true']) {
      const served = await app.inject({ url: `/api/form_data/serve_file/${id}${query}`, headers: anna });
      assertServedSafely(served, `${name}${query}`);
      assert.equal(served.headers['content-security-policy'], 'sandbox', name);
    }
  }

  // The media folder: terms, avatars and help files, including one an operator named .html or .svg.
  const media: [string, string][] = [
    [`terms/${organizationId}/${'a'.repeat(32)}.pdf`, '%PDF-1.7 regulamin'],
    [`avatars/${'b'.repeat(32)}.png`, SAMPLES.png.toString('latin1')],
    [`avatars/${'c'.repeat(32)}.webp`, 'RIFF\0\0\0\0WEBPVP8 '],
    ['manuals/pacjent.pdf', '%PDF-1.7 instrukcja'],
    ['manuals/formularz.docx', 'PK\u0003\u0004'],
    ['manuals/pomoc.html', PAGE],
    ['manuals/ikona.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
  ];
  for (const [file, content] of media) {
    await mkdir(path.dirname(path.join(config.mediaDir, file)), { recursive: true });
    await writeFile(path.join(config.mediaDir, file), content, 'latin1');
    const served = await app.inject(`/org-media/files/${file}`);
    assertServedSafely(served, file);
    if (file.endsWith('.docx')) assert.match(String(served.headers['content-type']), /officedocument/);
  }
});
