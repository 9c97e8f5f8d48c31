import { Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OtaGeneration } from '@dcc/contract';
import type { Dayjs } from 'dayjs';
import { EditModal, useInvalidateList } from '../../components/list/index.ts';
import { ZonedDatePicker } from '../../components/time/ZonedPickers.tsx';
import { fromPickerTime } from '../../components/time/platformTime.ts';
import { DevicePicker } from './DevicePicker.tsx';
import { createTask, taskListName, useFirmwareOptions } from './hooks.ts';

interface Values {
  firmwareId: string;
  target: 'chosen' | 'filter';
  deviceIds?: string[];
  deviceCode?: string;
  softwareVersion?: string;
  ratePerMinute: number;
  maxDownloading: number;
  timeoutMinutes: number;
  waves: string;
  healthGate: boolean;
  soakSeconds: number;
  healthMargin: number;
  abortPercent: number;
  abortMinDevices: number;
  retrySeconds: string;
  windowStart: string;
  windowEnd: string;
  openUntil?: Dayjs | null;
}

/** Sensible defaults: 1% -> 10% -> 50% -> 100%, gated, an hour's soak, two retries, abort at 20% after 10. */
export const TASK_DEFAULTS: Partial<Values> = {
  target: 'chosen',
  ratePerMinute: 60,
  maxDownloading: 200,
  timeoutMinutes: 30,
  waves: '1, 10, 50, 100',
  healthGate: true,
  soakSeconds: 3600,
  healthMargin: 5,
  abortPercent: 20,
  abortMinDevices: 10,
  retrySeconds: '60, 300',
  windowStart: '00:00',
  windowEnd: '00:00',
};

const numbers = (text: string) =>
  text
    .split(/[,，\s]+/)
    .filter((part) => part !== '')
    .map(Number);

/** Creates a task: a firmware, the devices (chosen or by filter) and the rollout policy; the server checks every field. */
export function CreateTaskModal(props: { generation: OtaGeneration; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const firmware = useFirmwareOptions(props.generation, props.open);
  const invalidate = useInvalidateList(taskListName(props.generation));
  const productIdOf = (firmwareId: string | undefined) =>
    firmware.data?.list.find((f) => f.firmwareId === firmwareId)?.productId ?? '';
  const submit = async (v: Values) => {
    await createTask(props.generation, {
      firmwareId: v.firmwareId,
      ...(v.target === 'chosen'
        ? { deviceIds: v.deviceIds ?? [] }
        : { filter: { deviceCode: v.deviceCode ?? '', softwareVersion: v.softwareVersion ?? '' } }),
      ratePerMinute: v.ratePerMinute,
      maxDownloading: v.maxDownloading,
      timeoutMinutes: v.timeoutMinutes,
      waves: numbers(v.waves),
      healthGate: v.healthGate,
      soakSeconds: v.soakSeconds,
      healthMargin: v.healthMargin,
      abortPercent: v.abortPercent,
      abortMinDevices: v.abortMinDevices,
      retrySeconds: numbers(v.retrySeconds),
      windowStart: v.windowStart,
      windowEnd: v.windowEnd,
      openUntil: v.openUntil ? fromPickerTime(v.openUntil) : '',
    } as Parameters<typeof createTask>[1]);
    await invalidate();
  };
  const whole = (name: keyof Values, min: number, max: number) => (
    <Form.Item name={name} label={t(`otaTasks.field.${name}`)} rules={[{ required: true }]}>
      <InputNumber min={min} max={max} precision={0} style={{ width: '100%' }} data-testid={`ota-create-${name}`} />
    </Form.Item>
  );
  return (
    <EditModal<Values>
      draft={props.open ? TASK_DEFAULTS : null}
      title={t('otaTasks.create')}
      onSubmit={submit}
      onClose={props.onClose}
      doneText={t('otaTasks.created')}
      testId="ota-create"
    >
      <Form.Item name="firmwareId" label={t('otaTasks.field.firmwareId')} rules={[{ required: true }]}>
        <Select
          data-testid="ota-create-firmware"
          options={(firmware.data?.list ?? []).map((f) => ({
            value: f.firmwareId,
            label: `${f.name} (${f.version}, ${f.productName})`,
          }))}
        />
      </Form.Item>
      <Form.Item name="target" label={t('otaTasks.field.target')}>
        <Radio.Group
          options={[
            { value: 'chosen', label: t('otaTasks.target.chosen') },
            { value: 'filter', label: t('otaTasks.target.filter') },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['target', 'firmwareId']}>
        {({ getFieldValue }) =>
          getFieldValue('target') === 'chosen' ? (
            <Form.Item name="deviceIds" label={t('otaTasks.field.deviceIds')} rules={[{ required: true }]}>
              <DevicePicker
                generation={props.generation}
                productId={productIdOf(getFieldValue('firmwareId') as string | undefined)}
              />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="deviceCode" label={t('otaTasks.field.deviceCode')}>
                <Input maxLength={64} />
              </Form.Item>
              <Form.Item name="softwareVersion" label={t('otaTasks.field.softwareVersion')}>
                <Input maxLength={20} />
              </Form.Item>
              <Form.Item name="openUntil" label={t('otaTasks.field.openUntil')}>
                <ZonedDatePicker showTime />
              </Form.Item>
            </>
          )
        }
      </Form.Item>
      {whole('ratePerMinute', 1, 10_000)}
      {whole('maxDownloading', 1, 1000)}
      {whole('timeoutMinutes', 1, 1440)}
      <Form.Item name="waves" label={t('otaTasks.field.waves')} extra={t('otaTasks.validation.wavesHint')}>
        <Input data-testid="ota-create-waves" />
      </Form.Item>
      <Form.Item name="healthGate" label={t('otaTasks.field.healthGate')} valuePropName="checked">
        <Switch data-testid="ota-create-healthGate" />
      </Form.Item>
      {whole('soakSeconds', 1, 604_800)}
      {whole('healthMargin', 0, 100)}
      {whole('abortPercent', 1, 100)}
      {whole('abortMinDevices', 1, 100_000)}
      <Form.Item name="retrySeconds" label={t('otaTasks.field.retrySeconds')}>
        <Input data-testid="ota-create-retrySeconds" />
      </Form.Item>
      <Form.Item name="windowStart" label={t('otaTasks.field.windowStart')}>
        <Input maxLength={5} placeholder="HH:MM" />
      </Form.Item>
      <Form.Item name="windowEnd" label={t('otaTasks.field.windowEnd')} extra={t('otaTasks.allDayHint')}>
        <Input maxLength={5} placeholder="HH:MM" />
      </Form.Item>
    </EditModal>
  );
}
