import { QuestionCircleOutlined } from '@ant-design/icons';
import { Card, Col, Popover, Row, Spin, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailedResult } from '../../../../components/LoadFailedResult.tsx';
import { TABLE_LOADING_DELAY_MS } from '../../../../components/list/index.ts';
import { useOverviewStats } from '../hooks.ts';

/** Spec section 2: offline devices are the total minus those online. */
export const offlineOf = ({ total, onlineAmount }: { total: number; onlineAmount: number }) => total - onlineAmount;

function Help() {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      title={t('home.overview.helpTitle')}
      content={<Typography.Paragraph style={{ maxWidth: 360 }}>{t('home.overview.help')}</Typography.Paragraph>}
    >
      <QuestionCircleOutlined aria-label={t('home.overview.helpTitle')} data-testid="home-overview-help" />
    </Popover>
  );
}

/** Total, online and offline devices of the subtree; the online count follows the fleet live. */
export function OverviewCards() {
  const { t } = useTranslation();
  const stats = useOverviewStats();
  if (stats.isError) return <LoadFailedResult error={stats.error} onRetry={() => void stats.refetch()} />;
  const figures = stats.data && [
    { key: 'total', title: t('home.overview.total'), value: stats.data.total },
    { key: 'online', title: t('home.overview.online'), value: stats.data.onlineAmount },
    { key: 'offline', title: t('home.overview.offline'), value: offlineOf(stats.data) },
  ];
  return (
    <Card
      title={
        <span>
          {t('home.overview.title')} <Help />
        </span>
      }
      data-testid="home-overview"
    >
      <Spin spinning={stats.isPending} delay={TABLE_LOADING_DELAY_MS}>
        <Row gutter={16}>
          {(figures ?? []).map((figure) => (
            <Col key={figure.key} xs={24} sm={8}>
              <div data-testid={`home-${figure.key}`} data-value={figure.value}>
                <Statistic title={figure.title} value={figure.value} />
              </div>
            </Col>
          ))}
        </Row>
      </Spin>
    </Card>
  );
}
