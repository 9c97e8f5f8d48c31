import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FAULT_LEVELS, FAULT_STATUSES } from '@dcc/contract';
import { FilterSelect } from '../../../components/list/index.ts';
import { ZonedRangePicker } from '../../../components/time/ZonedPickers.tsx';

/** The fault search: keyword, fault code, level, time the fault began; the history also by status. */
export function FaultSearchFields({ withStatus, testId }: { withStatus: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="keyword" label={t('deviceFaults.keyword')}>
        <Input
          allowClear
          maxLength={50}
          placeholder={t('deviceFaults.keywordPlaceholder')}
          data-testid={`${testId}-keyword`}
        />
      </Form.Item>
      <Form.Item name="faultCode" label={t('deviceFaults.faultCode')}>
        <Input allowClear maxLength={20} data-testid={`${testId}-faultCode`} />
      </Form.Item>
      <FilterSelect
        name="level"
        label={t('deviceFaults.level')}
        options={FAULT_LEVELS.map((level) => ({ value: String(level), label: String(level) }))}
        width={100}
        testId={`${testId}-level`}
      />
      {withStatus && (
        <FilterSelect
          name="status"
          label={t('deviceFaults.status')}
          options={FAULT_STATUSES.map((status) => ({ value: status, label: t(`deviceFaults.status.${status}`) }))}
          width={140}
          testId={`${testId}-status`}
        />
      )}
      <Form.Item name="range" label={t('deviceFaults.startTime')}>
        <ZonedRangePicker showTime data-testid={`${testId}-range`} />
      </Form.Item>
    </>
  );
}
