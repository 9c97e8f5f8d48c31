import { Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROJECT_PHOTO_GROUPS, type ProjectPhoto } from '@dcc/contract';
import { shownValue } from '../../../components/emptyValue.ts';
import { UploadedImage } from '../../../components/UploadedImage.tsx';

/** The project's photos by group, each opening large on a click. */
export function ProjectPhotos({ photos }: { photos: readonly ProjectPhoto[] }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      styles={{ label: { width: 240 } }}
      data-testid="project-photo-groups"
    >
      {PROJECT_PHOTO_GROUPS.map((group) => {
        const inGroup = photos.filter((photo) => photo.group === group);
        return (
          <Descriptions.Item key={group} label={t(`projects.photoGroup.${group}`)}>
            <Space wrap data-testid={`project-photos-${group}`} data-count={inGroup.length}>
              {inGroup.length === 0
                ? shownValue(null)
                : inGroup.map((photo) => (
                    <UploadedImage
                      key={photo.photoId}
                      url={photo.url}
                      width={96}
                      height={72}
                      style={{ objectFit: 'cover' }}
                    />
                  ))}
            </Space>
          </Descriptions.Item>
        );
      })}
    </Descriptions>
  );
}
