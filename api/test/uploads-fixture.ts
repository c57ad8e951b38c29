import assert from 'node:assert/strict';
import { after } from 'node:test';
import type { Kysely } from 'kysely';
import { apiError, type ApiError } from '@formularze/domain/schemas';
import type { TemplateField } from '@formularze/domain/schemas/form-template';
import { uploadedFile, type UploadedFile } from '@formularze/domain/schemas/uploads';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/schema';
import { createFormGroup, createOrganization, createUser, signInFromNewAddress, testConfig } from './helpers';
import { activeFormThroughApi } from './requests';

/** Contents as their formats begin: enough for the content check, which reads the first bytes. */
export const SAMPLES = {
  pdf: Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  png: Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6360000002000001e5270de10000000049454e44ae426082',
    'hex',
  ),
  jpg: Buffer.concat([
    Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
    Buffer.alloc(64, 0x20),
    Buffer.from('ffd9', 'hex'),
  ]),
  // A Windows program: "MZ", the DOS stub, the PE header's offset and signature.
  exe: (() => {
    const bytes = Buffer.alloc(256);
    bytes.write('MZ', 0, 'latin1');
    bytes.writeUInt32LE(0x80, 0x3c);
    bytes.write('PE\0\0', 0x80, 'latin1');
    return bytes;
  })(),
  csv: Buffer.from('imię;wynik\nAnna;7\nŁucja;3\n'),
};

const BOUNDARY = '----formularze-test-boundary';

export interface FilePart {
  name: string;
  content: Buffer;
  /** The form field of the part: `file` unless a test sends another. */
  field?: string;
  contentType?: string;
}

/** A multipart/form-data body with these file parts, as a browser sends it. */
export function multipartFiles(parts: readonly FilePart[]) {
  const encoded = parts.flatMap(
    ({ name, content, field = 'file', contentType = 'application/octet-stream' }) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
          `Content-Type: ${contentType}\r\n\r\n`,
      ),
      content,
      Buffer.from('\r\n'),
    ],
  );
  return {
    payload: Buffer.concat([...encoded, Buffer.from(`--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** A multipart/form-data body with one file part. */
export function multipart(
  name: string,
  content: Buffer,
  { field = 'file', contentType = 'application/octet-stream' } = {},
) {
  return multipartFiles([{ name, content, field, contentType }]);
}

/** The fields of the form the tests fill: documents (up to two, required), one photo, a signature. */
export const FILE_FIELDS: TemplateField[] = [
  { id: 'note', type: 'TEXT', label: 'Opis', size: 100, maxRows: 1 },
  { id: 'scan', type: 'FILE', label: 'Skan', maxNumberOfFiles: 2, fileType: 'Document', required: true },
  { id: 'photo', type: 'FILE', label: 'Zdjęcie', maxNumberOfFiles: 1, fileType: 'Image' },
  { id: 'sign', type: 'SIGN', label: 'Podpis' },
];

export type Headers = Record<string, string>;

/** The app on the test database with a movable clock and a small upload limit (`maxUploadBytes`). */
export async function uploadsTestApp(db: Kysely<Database>, { maxUploadBytes = 64 * 1024 } = {}) {
  const clock = { now: new Date('2026-06-10T10:00:00Z') };
  const config = await testConfig();
  const app = await buildApp({ db, config, clock: () => clock.now, maxUploadBytes });
  after(() => app.close());

  /** `POST /api/form_data/upload_file` with these file parts. */
  async function uploadParts(headers: Headers, parts: readonly FilePart[], query = '') {
    const body = multipartFiles(parts);
    return app.inject({
      method: 'POST',
      url: `/api/form_data/upload_file${query}`,
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  }
  const upload = (headers: Headers, name: string, content: Buffer, query = '') =>
    uploadParts(headers, [{ name, content }], query);

  /** Uploads a file that must be accepted. */
  async function uploaded(
    headers: Headers,
    name: string,
    content: Buffer,
    query = '',
  ): Promise<UploadedFile> {
    const response = await upload(headers, name, content, query);
    assert.equal(response.statusCode, 201, response.body);
    return uploadedFile.parse(response.json());
  }

  /** An organization with an owner, two patients and an active form of FILE_FIELDS assigned to both. */
  async function organization(name: string, phone = '+48600100200') {
    const organizationId = await createOrganization(db, { name });
    const slug = name.toLowerCase();
    const ids = {
      owner: await createUser(db, { email: `owner@${slug}.test`, authorities: 'ROLE_OWNER', organizationId }),
      anna: await createUser(db, {
        email: `anna@${slug}.test`,
        phone,
        authorities: 'ROLE_USER',
        organizationId,
      }),
      bartek: await createUser(db, {
        email: `bartek@${slug}.test`,
        authorities: 'ROLE_USER',
        organizationId,
      }),
    };
    const owner = await signInFromNewAddress(app, { email: `owner@${slug}.test` });
    const anna = await signInFromNewAddress(app, { username: `anna@${slug}.test` });
    const bartek = await signInFromNewAddress(app, { username: `bartek@${slug}.test` });
    const formId = await activeFormThroughApi(
      app,
      db,
      owner,
      {
        name: 'Dokumentacja',
        layoutElementObject: { type: 'FORM', children: [{ type: 'ROW', children: FILE_FIELDS }] },
        allowDrafting: true,
      },
      {
        groupId: await createFormGroup(db, { organizationId }),
        patients: [ids.anna, ids.bartek],
        validSince: '2026-06-10',
        validTo: '2026-06-20',
      },
    );
    return { organizationId, ids, owner, anna, bartek, formId };
  }

  return { app, config, clock, upload, uploadParts, uploaded, organization };
}

export function expectError(
  response: { statusCode: number; body: string; json(): unknown },
  status: number,
  code: string,
): ApiError {
  assert.equal(response.statusCode, status, response.body);
  const body = apiError.parse(response.json());
  assert.equal(body.code, code);
  return body;
}
