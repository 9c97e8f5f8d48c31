import {
  IMAGE_MAX_BYTES,
  MAX_PHOTOS_PER_GROUP,
  PROJECT_PHOTO_GROUPS,
  REQUIRED_PHOTO_GROUPS,
  type ProjectPhotoGroup,
} from '@dcc/contract';
import type { PhotoGroups } from '../hooks.ts';

/** The photo types the server takes (it checks the content; this checks what the browser says of the file). */
export const PHOTO_TYPES: readonly string[] = ['image/png', 'image/jpeg'];
export const PHOTO_ACCEPT = '.png,.jpg,.jpeg';

/** Why a file cannot join a group before it is uploaded (a message key with its values), or null when it can. */
export type PhotoProblem = { key: string; values?: Record<string, string | number> } | null;

/**
 * The client's pre-check of one chosen file, mirroring the server's rules of spec section 5: png or jpg,
 * at most 2 MB, at most five per group. `before` is how many photos the group holds or is uploading
 * ahead of this file (files chosen together count one after the other).
 */
export function photoFileProblem(file: { type: string; size: number }, before: number): PhotoProblem {
  if (!PHOTO_TYPES.includes(file.type)) return { key: 'validation.image.type' };
  if (file.size > IMAGE_MAX_BYTES) return { key: 'validation.image.size' };
  if (before >= MAX_PHOTOS_PER_GROUP)
    return { key: 'projects.error.photoGroupFull', values: { max: MAX_PHOTOS_PER_GROUP } };
  return null;
}

/** The required groups (every group but the soft-water device) that hold no photo yet, in display order. */
export function missingPhotoGroups(photos: PhotoGroups | undefined): ProjectPhotoGroup[] {
  return REQUIRED_PHOTO_GROUPS.filter((group) => (photos?.[group]?.length ?? 0) === 0);
}

/** The form's photos for the project's stored ones, every group present. */
export function photoGroupsOf(photos: ReadonlyArray<{ photoId: string; group: ProjectPhotoGroup; url: string }>) {
  return Object.fromEntries(
    PROJECT_PHOTO_GROUPS.map((group) => [
      group,
      photos.filter((photo) => photo.group === group).map(({ photoId, url }) => ({ photoId, url })),
    ]),
  ) as PhotoGroups;
}
