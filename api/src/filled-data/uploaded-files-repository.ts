import { sql, type Kysely, type Transaction } from 'kysely';
import type { FilledDataPayload } from '@formularze/domain/schemas/filled-data';
import { templateFields, type FormLayout } from '@formularze/domain/schemas/form-template';
import type { UploadedFile } from '@formularze/domain/schemas/uploads';
import type { Database } from '../db/schema';
import { fitsFileType, type FieldFileType } from './file-kinds';
import { namedFileNotFound, savedTypeNotAllowed, tooManyFiles } from './upload-errors';

type Db = Kysely<Database> | Transaction<Database>;

/** Who uploads or names files: a member of an organization. */
export interface FileOwner {
  userId: number;
  organizationId: number;
}

/** Unattached uploads are kept this long, so a filling can take its time before it is saved. */
const UNATTACHED_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Each sweep removes at most this many files, so an upload never waits long for it. */
const SWEEP_BATCH = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A file id as the database can compare it: anything else names no file (rather than a SQL error). */
const isFileId = (id: string) => UUID.test(id);

export async function recordUpload(
  db: Db,
  upload: {
    id: string;
    owner: FileOwner;
    name: string;
    mimeType: string;
    extension: string | null;
    size: number;
    storageKey: string;
    now: Date;
    idempotencyKey?: string;
  },
): Promise<void> {
  await db
    .insertInto('uploaded_files')
    .values({
      id: upload.id,
      organization_id: upload.owner.organizationId,
      uploaded_by: upload.owner.userId,
      name: upload.name,
      mime_type: upload.mimeType,
      extension: upload.extension,
      size: upload.size,
      storage_key: upload.storageKey,
      created_at: upload.now,
      idempotency_key: upload.idempotencyKey ?? null,
    })
    .execute();
}

/** The name of the index that lets one idempotency key stand for one upload per organization. */
export const UPLOAD_KEY_INDEX = 'uploaded_files_idempotency_key_idx';

/** The organization's upload stored under an idempotency key, and whose it is. */
export function findUploadByKey(db: Db, organizationId: number, key: string) {
  return db
    .selectFrom('uploaded_files')
    .select(['id', 'name', 'mime_type', 'size', 'uploaded_by'])
    .where('organization_id', '=', organizationId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Forgets uploads no save attached within a day; answers their storage keys, whose bytes the caller deletes. */
export async function sweepStaleUploads(db: Db, now: Date): Promise<string[]> {
  const staleBefore = new Date(now.getTime() - UNATTACHED_UPLOAD_LIFETIME_MS);
  const stale = db
    .selectFrom('uploaded_files')
    .select('id')
    .where('form_data_id', 'is', null)
    .where('created_at', '<', staleBefore)
    .limit(SWEEP_BATCH);
  const removed = await db
    .deleteFrom('uploaded_files')
    .where('id', 'in', stale)
    .returning('storage_key')
    .execute();
  return removed.map((row) => row.storage_key);
}

/** Forgets the files of a filled form that is gone (a deleted draft); answers their storage keys. */
export async function discardFilesOf(db: Db, formDataId: number): Promise<string[]> {
  const removed = await db
    .deleteFrom('uploaded_files')
    .where('form_data_id', '=', formDataId)
    .returning('storage_key')
    .execute();
  return removed.map((row) => row.storage_key);
}

/** An upload of the organization, with what decides who may read it. */
export async function findUpload(db: Db, organizationId: number, id: string) {
  if (!isFileId(id)) return undefined;
  return db
    .selectFrom('uploaded_files')
    .select(['id', 'name', 'mime_type', 'size', 'storage_key', 'uploaded_by', 'form_data_id'])
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/**
 * The files of the filled form `d` (the alias of the query it is selected in) by field id, each
 * field's in the order its save listed them; null without any. A column of the filled form's own
 * query, so that reading a filled form, or a page of them, costs no statement for its files.
 */
export const filesOfFilledForm = sql<Record<string, UploadedFile[]> | null>`(
  select json_object_agg(by_field.field_id, by_field.files) from (
    select file.field_id, json_agg(
      json_build_object('id', file.id, 'name', file.name, 'mimeType', file.mime_type, 'size', file.size)
      order by file.position
    ) as files
    from uploaded_files file
    where file.form_data_id = d.id and file.field_id is not null
    group by file.field_id
  ) by_field
)`;

/** What each FILE and SIGN field takes: a signature is one image. */
function fileFields(layout: FormLayout): Map<string, { fileType: FieldFileType; maxFiles: number | null }> {
  const fields = new Map<string, { fileType: FieldFileType; maxFiles: number | null }>();
  for (const { field } of templateFields(layout)) {
    if (field.type === 'SIGN') fields.set(field.id, { fileType: 'Image', maxFiles: 1 });
    if (field.type === 'FILE') {
      fields.set(field.id, {
        fileType: field.fileType ?? 'Any',
        maxFiles: typeof field.maxNumberOfFiles === 'number' ? field.maxNumberOfFiles : null,
      });
    }
  }
  return fields;
}

/**
 * Makes the files of a filled form those its save names (`filesDataUUID`, already checked to name
 * only FILE and SIGN fields): each must be the caller's own unattached upload, or already this
 * form's; a field takes at most `maxNumberOfFiles` and only its file type. Files the save no longer
 * names are forgotten; their storage keys are answered, for the caller to delete the bytes once
 * the transaction is committed.
 */
export async function attachFiles(
  trx: Transaction<Database>,
  {
    owner,
    formDataId,
    layout,
    named,
    isNew = false,
  }: {
    owner: FileOwner;
    formDataId: number;
    layout: FormLayout;
    named: NonNullable<FilledDataPayload['filesDataUUID']>;
    /** The filled form was inserted in this transaction: no file can be attached to it yet. */
    isNew?: boolean;
  },
): Promise<string[]> {
  const fields = fileFields(layout);
  const lists = Object.entries(named).map(([fieldId, ids]) => ({ fieldId, ids: [...new Set(ids)] }));
  for (const { fieldId, ids } of lists) {
    const maxFiles = fields.get(fieldId)?.maxFiles;
    if (typeof maxFiles === 'number' && ids.length > maxFiles) throw tooManyFiles();
  }
  const allIds = lists.flatMap(({ ids }) => ids);
  // One file answers one field.
  if (new Set(allIds).size !== allIds.length || !allIds.every(isFileId)) throw namedFileNotFound();

  const found =
    allIds.length === 0
      ? []
      : await trx
          .selectFrom('uploaded_files')
          .select(['id', 'extension'])
          .where('id', 'in', allIds)
          .where('organization_id', '=', owner.organizationId)
          .where((eb) =>
            eb.or([
              eb.and([eb('form_data_id', 'is', null), eb('uploaded_by', '=', owner.userId)]),
              eb('form_data_id', '=', formDataId),
            ]),
          )
          // Two saves naming one upload: the second waits, then finds it taken.
          .forUpdate()
          .execute();
  if (found.length !== allIds.length) throw namedFileNotFound();
  const extensionOf = new Map(found.map((row) => [row.id, row.extension]));
  const refused = lists.flatMap(({ fieldId, ids }) =>
    ids.filter((id) => !fitsFileType(extensionOf.get(id)!, fields.get(fieldId)?.fileType ?? 'Any')),
  );
  if (refused.length) throw savedTypeNotAllowed(refused);

  const dropped = isNew
    ? []
    : await trx
        .deleteFrom('uploaded_files')
        .where('form_data_id', '=', formDataId)
        .$if(allIds.length > 0, (query) => query.where('id', 'not in', allIds))
        .returning('storage_key')
        .execute();
  for (const { fieldId, ids } of lists) {
    for (const [position, id] of ids.entries()) {
      await trx
        .updateTable('uploaded_files')
        .set({ form_data_id: formDataId, field_id: fieldId, position })
        .where('id', '=', id)
        .execute();
    }
  }
  return dropped.map((row) => row.storage_key);
}
