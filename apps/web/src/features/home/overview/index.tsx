import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, visibleMenu } from '@dcc/contract';
import { menuIcon } from '../../../app/layout/menuIcons.tsx';
import { LevelIcon } from '../../../components/LevelIcon.tsx';
import { useSession } from '../../../session/session.ts';

/** Home (B80) for now: the company and the menu areas the user holds; the dashboard comes in a later issue. */
export default function HomeOverviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { dealersName, level, buttons } = useSession();
  const areas = visibleMenu(buttons).filter((entry) => entry.button !== Button.HOME);
  return (
    <div data-testid="home">
      <Typography.Title level={3}>
        {level !== null && <LevelIcon level={level} />} {dealersName}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('home.dashboardLater')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {areas.map((entry) => (
          <Col key={entry.path} xs={24} sm={12} lg={8} xl={6}>
            <Card
              hoverable
              onClick={() => void navigate(entry.children?.[0]?.path ?? entry.path)}
              data-testid="home-area"
            >
              <Card.Meta
                avatar={menuIcon(entry.icon)}
                title={t(entry.labelKey)}
                description={
                  entry.children?.length ? t('home.areaEntries', { count: entry.children.length }) : undefined
                }
              />
            </Card>
          </Col>
        ))}
      </Row>
      {areas.length === 0 && <Typography.Paragraph>{t('home.noAreas')}</Typography.Paragraph>}
    </div>
  );
}
