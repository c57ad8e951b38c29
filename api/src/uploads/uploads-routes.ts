import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { apiError } from '@formularze/domain/schemas';
import { IDEMPOTENCY_KEY_HEADER, idempotencyHeaders } from '@formularze/domain/schemas/filled-data';
import {
  MAX_UPLOAD_BYTES,
  serveFileQuery,
  uploadedFile,
  uploadFileTypeList,
  uploadQuery,
} from '@formularze/domain/schemas/uploads';
import type { Clock } from '../core/clock';
import type { Database } from '../db/schema';
import { readable, type FilledDataCaller } from '../filled-data/filled-data-repository';
import { callerOf } from '../filled-data/filled-data-routes';
import { recordStaffRead } from '../audit/access-audit';
import { contentDisposition } from '../core/http/content-disposition';
import { servedType } from '../core/http/served-type';
import { FILE_TYPE_CATALOG, fitsFileType, recogniseFile } from '../filled-data/file-kinds';
import { hidesOtherContent } from './hidden-content';
import {
  fileEmpty,
  fileMissing,
  fileNotFound,
  fileTooLarge,
  notMultipart,
  tooManyFiles,
  uploadTypeNotAllowed,
} from '../filled-data/upload-errors';
import type { UploadStorage } from '../filled-data/upload-storage';
import { idempotencyKeyTaken } from '../filled-data/filled-data-errors';
import {
  findUpload,
  findUploadByKey,
  recordUpload,
  sweepStaleUploads,
  UPLOAD_KEY_INDEX,
} from '../filled-data/uploaded-files-repository';
import { isUniqueViolation } from '../db/unique-violation';

const tags = ['filled data'];
/** Uploading is part of filling (§2 "Filling a form"). */
const fill = { permission: 'form-fill:page' } as const;
/** Reading a file is reading the filled data it belongs to (§2 "Filled form details"). */
const read = { permission: 'form-fill-details:page' } as const;

/**
 * Direction marks that reorder what follows them: "skan\u202Egnp.exe" would read as "skanexe.png".
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The name shown for an upload: no folders, no control characters or direction marks, at most 255
 * characters.
 */
function uploadName(filename: string | undefined): string {
  const base = (filename ?? '')
    .split(/[\\/]/)
    .pop()!
    .normalize('NFC')
    .replace(/\p{Cc}/gu, '')
    .replace(BIDI_CONTROLS, '')
    .trim();
  // By code points: a cut between the halves of a surrogate pair would leave half an emoji.
  return Array.from(base).slice(0, 255).join('') || 'plik';
}

/**
 * The upload if the caller may read it: its uploader while no save has attached it; once attached,
 * whoever may read that filled form (`GET /api/form_data/{id}`'s rule). Never another organization's.
 */
/** The file, and whose answers it belongs to (its uploader's, before it is attached to any). */
async function servableFile(db: Kysely<Database>, caller: FilledDataCaller, id: string) {
  const file = await findUpload(db, caller.organizationId, id);
  if (!file) throw fileNotFound();
  if (file.form_data_id === null) {
    if (file.uploaded_by !== caller.userId) throw fileNotFound();
    return { file, patientId: file.uploaded_by };
  }
  const formData = await readable(db, caller).where('d.id', '=', file.form_data_id).executeTakeFirst();
  if (!formData) throw fileNotFound();
  return { file, patientId: formData.user_id };
}

/**
 * The upload stored earlier under the caller's idempotency key, as its first answer said it, or
 * undefined when the key is new. A key another member used is refused without naming the file.
 */
async function uploadStoredBefore(db: Kysely<Database>, caller: FilledDataCaller, key: string | undefined) {
  if (key === undefined) return undefined;
  const stored = await findUploadByKey(db, caller.organizationId, key);
  if (!stored) return undefined;
  if (stored.uploaded_by !== caller.userId) throw idempotencyKeyTaken();
  return { id: stored.id, name: stored.name, mimeType: stored.mime_type, size: stored.size };
}

export interface UploadsRoutesOptions {
  db: Kysely<Database>;
  storage: UploadStorage;
  clock: Clock;
  /** The largest file accepted; MAX_UPLOAD_BYTES unless a test lowers it. */
  maxUploadBytes?: number;
}

/**
 * Files of FILE and SIGN answers (§7 "Filled data"): the types a field may take, uploading one
 * file (streamed to disk, judged by its content), and serving a file to those who may read it.
 * Attaching files to a filled form happens when it is saved (`attachFiles`).
 */
export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRoutesOptions> = async (
  app,
  { db, storage, clock, maxUploadBytes = MAX_UPLOAD_BYTES },
) => {
  app.get(
    '/api/form_data/upload/file_types',
    { config: { access: fill }, schema: { tags, response: { 200: uploadFileTypeList } } },
    async () => [...FILE_TYPE_CATALOG],
  );

  app.post(
    '/api/form_data/upload_file',
    {
      config: { access: fill },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: uploadQuery,
        headers: idempotencyHeaders,
        response: { 201: uploadedFile, 400: apiError, 404: apiError, 409: apiError, 413: apiError },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw notMultipart();
      const caller = callerOf(request);
      const now = clock();
      // Housekeeping rides on uploads: they are what makes stale files.
      await storage.remove(await sweepStaleUploads(db, now));

      const files = request.files({
        limits: { fileSize: maxUploadBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
      });
      const part = (await files.next()).value;
      if (!part || part.fieldname !== 'file') throw fileMissing();
      // A retry of an upload whose answer was lost (issue 30): the file is stored already.
      const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER];
      const storedBefore = await uploadStoredBefore(db, caller, idempotencyKey);
      if (storedBefore) {
        part.file.resume();
        await new Promise((resolve) => part.file.once('close', resolve).once('end', resolve));
        request.log.info({ userId: caller.userId, fileId: storedBefore.id }, 'file upload repeated');
        return reply.status(201).send(storedBefore);
      }
      const id = randomUUID();
      const storageKey = storage.keyFor(caller.organizationId, id);
      const name = uploadName(part.filename);
      try {
        await storage.write(storageKey, part.file);
        if (part.file.truncated) throw fileTooLarge(maxUploadBytes);
        // The rest of the body: a second file is refused (over `files: 1`), not silently dropped.
        await files.next();
        const { size } = await stat(storage.pathOf(storageKey));
        if (size === 0) throw fileEmpty();
        const recognised = await recogniseFile(storage.pathOf(storageKey), name);
        const { extension, mimeType } = recognised;
        const fileType = request.query.fileType;
        if (fileType && !fitsFileType(extension, fileType)) throw uploadTypeNotAllowed();
        if (await hidesOtherContent(storage.pathOf(storageKey), recognised)) throw uploadTypeNotAllowed();
        const upload = {
          id,
          owner: caller,
          name,
          mimeType,
          extension,
          size,
          storageKey,
          now,
          idempotencyKey,
        };
        try {
          await recordUpload(db, upload);
        } catch (error) {
          // Its twin with the same key was stored a moment earlier: answer with that one.
          const twin = isUniqueViolation(error, UPLOAD_KEY_INDEX)
            ? await uploadStoredBefore(db, caller, idempotencyKey)
            : undefined;
          if (!twin) throw error;
          await storage.remove([storageKey]);
          return reply.status(201).send(twin);
        }
        request.log.info({ userId: caller.userId, fileId: id, size, mimeType }, 'file uploaded');
        return reply.status(201).send({ id, name, mimeType, size });
      } catch (error) {
        await storage.remove([storageKey]);
        const { code } = error as { code?: string };
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxUploadBytes);
        if (code === 'FST_FILES_LIMIT') throw tooManyFiles();
        throw error;
      }
    },
  );

  app.get(
    '/api/form_data/serve_file/:id',
    {
      config: { access: read },
      schema: {
        tags,
        params: z.object({ id: z.string().max(100) }),
        querystring: serveFileQuery,
        // No response schema: the body is the file's stream, which a serializer must not touch.
      },
    },
    async (request, reply) => {
      const { file, patientId } = await servableFile(db, callerOf(request), request.params.id);
      const size = await stat(storage.pathOf(file.storage_key)).then(
        (found) => found.size,
        () => null,
      );
      if (size === null) throw fileNotFound();
      const download = request.query.download === 'true';
      await recordStaffRead(db, request, {
        operation: 'file.download',
        patientIds: [patientId],
        resourceType: 'uploaded_file',
        resourceIds: [file.id],
        rowCount: 1,
      });
      reply
        .header('Content-Type', servedType(file.mime_type))
        .header('Content-Length', size)
        .header('Content-Disposition', contentDisposition(download ? 'attachment' : 'inline', file.name))
        .header('X-Content-Type-Options', 'nosniff')
        // Patients' documents: never run as a page of ours (and, like every authenticated answer,
        // kept by no cache: web/security-headers.ts).
        .header('Content-Security-Policy', 'sandbox');
      return reply.send(storage.read(file.storage_key));
    },
  );
};
