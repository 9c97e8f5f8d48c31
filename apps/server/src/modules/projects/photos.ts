import { ErrorCode, MAX_PHOTOS_PER_GROUP, translate, type Locale, type ProjectPhoto } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { assertIssuedUpload, parseUploadUrl, type UploadOwner } from '../uploads/index.ts';
import { projectInScope } from './project-in-scope.ts';
import { assertContentEditable } from './rules.ts';

/**
 * Photos of a project (spec sections 3 and 5). The file is uploaded with uploadImage (png or jpg by its
 * content, at most 2 MB, stored by the uploads module); this adds the upload to a group: only an upload
 * issued to the caller or its company, at most MAX_PHOTOS_PER_GROUP per group, while the project is not
 * submitted or was rejected.
 */
export async function addPhoto(
  db: Kysely<DB>,
  scope: DealerScope,
  uploader: UploadOwner,
  request: { projectId: string; group: ProjectPhoto['group']; url: string },
  locale: Locale,
): Promise<ProjectPhoto> {
  await assertIssuedUpload(db, uploader, request.url);
  const upload = parseUploadUrl(request.url);
  if (!upload) fail(ErrorCode.UPLOAD_NOT_ISSUED);
  return db.transaction().execute(async (trx) => {
    const project = await projectInScope(trx, scope, request.projectId, { forUpdate: true });
    assertContentEditable(project.checkState, locale);
    const inGroup = await trx
      .selectFrom('project_photos')
      .select(['id', 'upload_id'])
      .where('project_id', '=', project.id)
      .where('photo_group', '=', request.group)
      .execute();
    const again = inGroup.find((photo) => photo.upload_id === upload.id);
    if (again) return { photoId: again.id, group: request.group, url: request.url };
    if (inGroup.length >= MAX_PHOTOS_PER_GROUP)
      fail(ErrorCode.PROJECT_PHOTO_GROUP_FULL, {
        group: translate(locale, `projects.photoGroup.${request.group}`),
        max: MAX_PHOTOS_PER_GROUP,
      });
    const { id } = await trx
      .insertInto('project_photos')
      .values({ project_id: project.id, photo_group: request.group, upload_id: upload.id, url: request.url })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { photoId: id, group: request.group, url: request.url };
  });
}

/** Removes a photo of a project of the scope while the project is not submitted or was rejected. */
export async function removePhoto(
  db: Kysely<DB>,
  scope: DealerScope,
  request: { projectId: string; photoId: string },
  locale: Locale,
): Promise<null> {
  await db.transaction().execute(async (trx) => {
    const project = await projectInScope(trx, scope, request.projectId, { forUpdate: true });
    assertContentEditable(project.checkState, locale);
    const removed = await trx
      .deleteFrom('project_photos')
      .where('project_id', '=', project.id)
      .where('id', '=', /^\d{1,18}$/.test(request.photoId) ? request.photoId : '0')
      .executeTakeFirst();
    if (removed.numDeletedRows === 0n) fail(ErrorCode.NOT_FOUND);
  });
  return null;
}
