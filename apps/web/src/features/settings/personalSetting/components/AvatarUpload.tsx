import { Button, Space, Upload } from 'antd';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES } from '@dcc/contract';
import { useUploadImage } from '../hooks.ts';
import { useFeedback } from '../../../../app/feedback.tsx';
import { UploadedAvatar } from '../../../../components/UploadedImage.tsx';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];

interface Props {
  value?: string;
  onChange?(url: string): void;
}

/** Avatar picker for a form: checks type and size (jpg/png, 2 MB), uploads, and keeps the URL. */
export function AvatarUpload({ value, onChange }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const upload = useUploadImage();
  const accept = (file: File) => {
    if (!IMAGE_TYPES.includes(file.type)) {
      void message.error(t('validation.image.type'));
      return false;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      void message.error(t('validation.image.size'));
      return false;
    }
    upload.mutate(file, { onSuccess: ({ url }) => onChange?.(url) });
    // The upload goes through the API client, not antd's own request.
    return false;
  };
  return (
    <Space>
      <UploadedAvatar size={64} url={value} icon={<UserOutlined />} data-testid="avatar" />
      <Upload accept=".jpg,.jpeg,.png" showUploadList={false} beforeUpload={accept}>
        <Button icon={<UploadOutlined />} loading={upload.isPending}>
          {t('settings.uploadAvatar')}
        </Button>
      </Upload>
    </Space>
  );
}
