import { Button, Space, Upload } from 'antd';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES } from '@dcc/contract';
import { uploadImageFile } from '../api/upload.ts';
import { useFeedback } from '../app/feedback.tsx';
import { UploadedImage } from './UploadedImage.tsx';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];

interface Props {
  /** The /uploads/ URL of the current image, '' for none. */
  value?: string;
  onChange?(url: string): void;
  /** Text of the upload button. */
  label: string;
  testId?: string;
}

/** Image field of a form: jpg or png up to 2 MB, checked before uploading; shows the image and keeps its /uploads/ URL. */
export function ImageUpload({ value, onChange, label, testId = 'image-upload' }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const upload = useMutation({ mutationFn: (file: File) => uploadImageFile(file) });
  const accept = (file: File) => {
    if (!IMAGE_TYPES.includes(file.type)) void message.error(t('validation.image.type'));
    else if (file.size > IMAGE_MAX_BYTES) void message.error(t('validation.image.size'));
    else upload.mutate(file, { onSuccess: ({ url }) => onChange?.(url) });
    // The upload goes through the API client, not antd's own request.
    return false;
  };
  return (
    <Space align="start" wrap>
      {value ? (
        <UploadedImage
          url={value}
          width={120}
          height={90}
          style={{ objectFit: 'cover' }}
          data-testid={`${testId}-image`}
        />
      ) : null}
      <Upload accept=".jpg,.jpeg,.png" showUploadList={false} beforeUpload={accept}>
        <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid={testId}>
          {label}
        </Button>
      </Upload>
      {value ? (
        <Button type="link" onClick={() => onChange?.('')}>
          {t('org.image.remove')}
        </Button>
      ) : null}
    </Space>
  );
}
