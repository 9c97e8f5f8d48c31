import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Form, Modal, Spin, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Coordinates } from './CoordinateMap.tsx';

// Its own chunk (ECharts geo and the provinces' outline), loaded when the picker opens.
const CoordinateMap = lazy(() => import('./CoordinateMap.tsx'));

/**
 * Picks the project's longitude and latitude on an offline map of China's provinces, which the console
 * carries (no tiles from the internet, so it works on a machine without one); the note says that the
 * outline is coarse and the typed fields stay the way to give an exact point. Sets the form's
 * `longitude` and `latitude` on confirm.
 */
export function MapPickerButton() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Coordinates | null>(null);
  const start = () => {
    const longitude = form.getFieldValue('longitude') as unknown;
    const latitude = form.getFieldValue('latitude') as unknown;
    setPicked(typeof longitude === 'number' && typeof latitude === 'number' ? { longitude, latitude } : null);
    setOpen(true);
  };
  const use = () => {
    if (picked) form.setFieldsValue(picked);
    if (picked) void form.validateFields(['longitude', 'latitude']);
    setOpen(false);
  };
  return (
    <>
      <Button icon={<EnvironmentOutlined />} onClick={start} data-testid="project-map-open">
        {t('projectsPage.map.open')}
      </Button>
      <Modal
        open={open}
        title={t('projectsPage.map.title')}
        width={760}
        okText={t('projectsPage.map.use')}
        okButtonProps={{ disabled: !picked, 'data-testid': 'project-map-use' }}
        cancelText={t('list.cancel')}
        onOk={use}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Alert type="info" showIcon message={t('projectsPage.map.note')} data-testid="project-map-note" />
        <Suspense fallback={<Spin />}>
          <CoordinateMap picked={picked} onPick={setPicked} />
        </Suspense>
        <Typography.Text data-testid="project-map-picked">
          {picked
            ? t('projectsPage.coordinatesValue', { longitude: picked.longitude, latitude: picked.latitude })
            : t('projectsPage.map.none')}
        </Typography.Text>
      </Modal>
    </>
  );
}
