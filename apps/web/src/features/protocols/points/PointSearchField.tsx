import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** The search field of a version's point lists (points and their history): part of a point's code or name. */
export function PointSearchField({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="search" label={t('points.search')}>
      <Input allowClear maxLength={50} placeholder={t('points.searchPlaceholder')} data-testid={testId} />
    </Form.Item>
  );
}
