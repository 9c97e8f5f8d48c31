import { useRef, useState } from 'react';
import { Button, Space, Typography, Upload } from 'antd';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { useTranslation } from 'react-i18next';
import {
  MAX_PHOTOS_PER_GROUP,
  PROJECT_PHOTO_GROUPS,
  REQUIRED_PHOTO_GROUPS,
  type ProjectPhotoGroup,
} from '@dcc/contract';
import { uploadImageFile } from '../../../api/upload.ts';
import { useFeedback } from '../../../app/feedback.tsx';
import { UploadedImage } from '../../../components/UploadedImage.tsx';
import type { FormPhoto, PhotoGroups } from '../hooks.ts';
import { PHOTO_ACCEPT, photoFileProblem } from './photoRules.ts';

interface Props {
  value?: PhotoGroups;
  onChange?(value: PhotoGroups): void;
  /** Uploads one checked file and answers its /uploads/ URL (the real upload unless a test says otherwise). */
  upload?: (file: File) => Promise<{ url: string }>;
}

/**
 * The seven photo groups of a project (spec sections 3 and 5): each file is checked before it is uploaded
 * (png or jpg, 2 MB, five per group, files chosen together counted one after another), then uploaded and kept
 * in its group; a photo can be removed. Required groups are marked; the form's rule checks they are filled.
 */
export function PhotoGroupsField({ value = {}, onChange, upload = uploadImageFile }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  // Uploads under way per group, and the latest value: uploads end one by one, each adding to what is there then.
  const [uploading, setUploading] = useState<Partial<Record<ProjectPhotoGroup, number>>>({});
  const latest = useRef(value);
  latest.current = value;
  const pending = useRef<Partial<Record<ProjectPhotoGroup, number>>>({});

  const change = (group: ProjectPhotoGroup, photos: FormPhoto[]) => {
    latest.current = { ...latest.current, [group]: photos };
    onChange?.(latest.current);
  };
  const setPending = (group: ProjectPhotoGroup, delta: number) => {
    pending.current = { ...pending.current, [group]: (pending.current[group] ?? 0) + delta };
    setUploading(pending.current);
  };

  const accept = (group: ProjectPhotoGroup, file: File) => {
    const before = (latest.current[group]?.length ?? 0) + (pending.current[group] ?? 0);
    const problem = photoFileProblem(file, before);
    if (problem) {
      void message.error(t(problem.key, { ...problem.values, group: t(`projects.photoGroup.${group}`) }));
      return false;
    }
    setPending(group, 1);
    upload(file)
      .then(({ url }) => change(group, [...(latest.current[group] ?? []), { url }]))
      // A refusal of the server (its content is no png or jpg) was toasted by the API client.
      .catch(() => undefined)
      .finally(() => setPending(group, -1));
    // The upload goes through the API client, not antd's own request.
    return false;
  };

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="project-photos">
      {PROJECT_PHOTO_GROUPS.map((group) => {
        const photos = value[group] ?? [];
        const busy = uploading[group] ?? 0;
        return (
          <div key={group} data-testid={`photo-group-${group}`} data-count={photos.length}>
            <Typography.Text strong>
              {REQUIRED_PHOTO_GROUPS.includes(group) ? <span style={{ color: '#ff4d4f' }}>* </span> : null}
              {t(`projects.photoGroup.${group}`)}
            </Typography.Text>
            <Typography.Text type="secondary">
              {' '}
              {t('projectsPage.photo.count', { count: photos.length, max: MAX_PHOTOS_PER_GROUP })}
            </Typography.Text>
            <Space wrap align="start" style={{ marginTop: 4, width: '100%' }}>
              {photos.map((photo) => (
                <div key={photo.photoId ?? photo.url} style={{ position: 'relative' }} data-testid="photo">
                  <UploadedImage url={photo.url} width={96} height={72} style={{ objectFit: 'cover' }} />
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<CloseOutlined />}
                    aria-label={t('projectsPage.photo.remove')}
                    onClick={() =>
                      change(
                        group,
                        photos.filter((other) => other !== photo),
                      )
                    }
                    data-testid="photo-remove"
                  />
                </div>
              ))}
              <Upload
                accept={PHOTO_ACCEPT}
                multiple
                showUploadList={false}
                beforeUpload={(file) => accept(group, file)}
                disabled={photos.length + busy >= MAX_PHOTOS_PER_GROUP}
              >
                <Button
                  icon={<UploadOutlined />}
                  loading={busy > 0}
                  disabled={photos.length + busy >= MAX_PHOTOS_PER_GROUP}
                  data-testid={`photo-upload-${group}`}
                >
                  {t('projectsPage.photo.upload')}
                </Button>
              </Upload>
            </Space>
          </div>
        );
      })}
    </Space>
  );
}
