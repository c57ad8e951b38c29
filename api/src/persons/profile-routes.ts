import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { apiError } from '@formularze/domain/schemas';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TOO_LARGE_MESSAGE,
  AVATAR_TYPE_MESSAGE,
  myProfile,
  updateMyProfileBody,
  updateMyProfileProperties,
  type UpdateMyProfileProperties,
} from '@formularze/domain/schemas/profile';
import { signedInPerson } from '../auth/session-guard';
import type { Config } from '../core/config';
import type { Database } from '../db/schema';
import { AppError, InvalidFieldsError } from '../core/errors';
import { unstorableTextFields } from '../core/http/unstorable-text';
import { deleteAvatar, detectImageType, storeAvatar } from './avatar-storage';
import { findProfileRow } from './profile-repository';
import { saveMyProfile, toMyProfile } from './profile-service';

const PROPERTIES_MAX_BYTES = 64 * 1024;

/** A 413 with a Polish message; the error handler passes Fastify-style client errors through. */
const avatarTooLarge = () =>
  Object.assign(new Error(AVATAR_TOO_LARGE_MESSAGE), { statusCode: 413, code: 'file-too-large' });

export const profileRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; config: Config }> = async (
  app,
  { db, config },
) => {
  const access = { permission: 'profilePage:view' } as const;

  app.get(
    '/api/persons/my/profile',
    { config: { access }, schema: { tags: ['persons'], response: { 200: myProfile } } },
    async (request) => toMyProfile(await findProfileRow(db, signedInPerson(request).userId)),
  );

  app.put(
    '/api/persons/my',
    {
      config: { access },
      schema: {
        tags: ['persons'],
        body: updateMyProfileBody,
        response: { 200: myProfile, 403: apiError, 409: apiError },
      },
    },
    async (request) => {
      const { userId } = signedInPerson(request);
      const { profile } = await saveMyProfile(db, userId, request.body);
      request.log.info({ userId }, 'profile updated');
      return profile;
    },
  );

  // Multipart: `avatarImage` (optional file) and `properties` (the JSON of `PUT /api/persons/my`,
  // plus `removeAvatar`). Validated by hand, as Fastify's schema does not see multipart fields.
  app.put(
    '/api/persons/ext',
    {
      config: { access },
      schema: {
        tags: ['persons'],
        consumes: ['multipart/form-data'],
        response: { 200: myProfile, 400: apiError, 403: apiError, 409: apiError, 413: apiError },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError(400, 'Oczekiwano formularza multipart/form-data', 'not-multipart');
      }
      let image: Buffer | undefined;
      let propertiesJson: string | undefined;
      const parts = request.parts({
        limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, fieldSize: PROPERTIES_MAX_BYTES },
      });
      try {
        for await (const part of parts) {
          if (part.type === 'file') {
            const file: MultipartFile = part;
            // The client's file name and content type are ignored: the bytes decide (detectImageType).
            if (file.fieldname === 'avatarImage') image = await file.toBuffer();
            else await file.toBuffer();
            if (file.file.truncated) throw avatarTooLarge();
          } else if (part.fieldname === 'properties') {
            propertiesJson = String(part.value);
          }
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw avatarTooLarge();
        throw error;
      }

      let json: unknown;
      try {
        json = JSON.parse(propertiesJson ?? '');
      } catch {
        throw new InvalidFieldsError({ properties: 'oczekiwano JSON' });
      }
      // The multipart part escapes the app's check of JSON bodies.
      const unstorable = unstorableTextFields(json, 'properties');
      if (Object.keys(unstorable).length > 0) throw new InvalidFieldsError(unstorable);
      const parsed = updateMyProfileProperties.safeParse(json);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues)
          fields[issue.path.join('.') || 'properties'] ??= issue.message;
        throw new InvalidFieldsError(fields);
      }

      const { userId } = signedInPerson(request);
      const { removeAvatar, ...properties }: UpdateMyProfileProperties = parsed.data;
      let avatarPath: string | null | undefined = removeAvatar ? null : undefined;
      if (image) {
        const type = detectImageType(image);
        if (!type) throw new AppError(400, AVATAR_TYPE_MESSAGE, 'unsupported-image-type');
        avatarPath = await storeAvatar(config.mediaDir, image, type);
      }
      try {
        const { profile, replacedAvatar } = await saveMyProfile(db, userId, properties, avatarPath);
        await deleteAvatar(config.mediaDir, replacedAvatar);
        request.log.info(
          { userId, avatar: avatarPath === undefined ? 'kept' : 'changed' },
          'profile updated',
        );
        return profile;
      } catch (error) {
        // The save was refused: the new file belongs to nobody.
        if (avatarPath) await deleteAvatar(config.mediaDir, avatarPath);
        throw error;
      }
    },
  );
};
