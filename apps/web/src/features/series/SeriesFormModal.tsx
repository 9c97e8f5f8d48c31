import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { updateSeries } from '@dcc/contract';
import { EditModal } from '../../components/list/index.ts';
import { zodRule } from '../../components/zodRule.ts';
import { useSaveSeries, type SeriesDraft } from './hooks.ts';

// The server's own rule (section 5 product-name rule), so the console shows the same messages.
const rules = updateSeries.request.shape;

interface Props {
  draft: SeriesDraft | null;
  onClose(): void;
}

/** Add or rename a series. */
export function SeriesFormModal({ draft, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveSeries();
  return (
    <EditModal<SeriesDraft>
      draft={draft}
      title={draft?.seriesId ? t('series.edit') : t('series.add')}
      onSubmit={(values) => save.mutateAsync({ ...values, seriesId: draft?.seriesId })}
      onClose={onClose}
      testId="modal"
    >
      <Form.Item
        name="seriesName"
        label={t('series.name')}
        rules={[zodRule(rules.seriesName)]}
        extra={t('series.nameRule')}
      >
        <Input maxLength={30} placeholder={t('series.namePlaceholder')} data-testid="series-name-input" />
      </Form.Item>
      <Form.Item name="seriesEnName" label={t('series.enName')} rules={[zodRule(rules.seriesEnName)]}>
        <Input maxLength={60} data-testid="series-en-name-input" />
      </Form.Item>
    </EditModal>
  );
}
