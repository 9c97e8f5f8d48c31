import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a list shows until its first answer: a spinner with "Loading" in place of the rows. */
export function ListLoading() {
  const { t } = useTranslation();
  return (
    <div style={{ padding: '24px 0' }} data-testid="list-loading" role="status">
      <Spin />
      <div style={{ marginTop: 8 }}>{t('list.loading')}</div>
    </div>
  );
}
