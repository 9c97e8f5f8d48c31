import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Space, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { AreaPicker } from '../../../components/AreaPicker.tsx';
import { LevelTag } from '../components/LevelTag.tsx';
import { SaleScopeModal } from '../components/SaleScopeModal.tsx';
import { useRandomPasswordView } from '../components/useRandomPasswordView.tsx';
import { useDealerDetail } from '../hooks.ts';
import { DetailMembers, DetailSubDealers } from './DetailTables.tsx';
import { DetailDevices, DetailProjects } from './DetailHoldings.tsx';
import { UploadedImage } from '../../../components/UploadedImage.tsx';
import { formatTime } from '../../../components/time/platformTime.ts';
import { shownValue } from '../../../components/emptyValue.ts';

/** dealersDetail: base info with the licence image, sale scope, sub-dealers, members, projects and devices of one dealer. */
export default function DealerDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [subPage, setSubPage] = useState(1);
  const [memberPage, setMemberPage] = useState(1);
  const [scopeOpen, setScopeOpen] = useState(false);
  const detail = useDealerDetail(id, subPage, memberPage);
  const randomPassword = useRandomPasswordView();
  const data = detail.data;
  if (!data)
    return <Card loading={detail.isLoading}>{detail.isError && <Empty description={t('dealers.notFound')} />}</Card>;
  const { info } = data;

  return (
    <Card
      title={
        <Space>
          {info.dealersName}
          <LevelTag level={info.level} />
        </Space>
      }
      extra={
        <Space>
          <Button onClick={() => navigate(`../editDealers/${info.dealersId}`)} data-testid="detail-edit">
            {t('dealers.edit')}
          </Button>
          <Button onClick={() => setScopeOpen(true)} data-testid="detail-sale-scope">
            {t('dealers.saleScope')}
          </Button>
          <Button
            onClick={() => randomPassword.ask(info)}
            disabled={!data.adminPhone}
            data-testid="detail-random-password"
          >
            {t('dealers.randomPassword')}
          </Button>
          <Button onClick={() => navigate('..')}>{t('dealers.back')}</Button>
        </Space>
      }
      data-testid="dealer-detail"
    >
      <Descriptions bordered size="small" column={2} title={t('dealers.baseInfo')}>
        <Descriptions.Item label={t('dealers.code')}>{info.dealersCode}</Descriptions.Item>
        <Descriptions.Item label={t('dealers.parent')}>{shownValue(info.parentName)}</Descriptions.Item>
        <Descriptions.Item label={t('dealers.type')}>{shownValue(info.dealersType)}</Descriptions.Item>
        <Descriptions.Item label={t('dealers.state')}>
          <Tag color={info.enabled ? 'green' : 'default'}>
            {t(info.enabled ? 'dealers.enabled' : 'dealers.disabled')}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('dealers.contactName')}>{info.contactName}</Descriptions.Item>
        <Descriptions.Item label={t('dealers.contactPhone')}>{info.contactPhone}</Descriptions.Item>
        <Descriptions.Item label={t('dealers.contactEmail')}>{shownValue(info.contactEmail)}</Descriptions.Item>
        <Descriptions.Item label={t('dealers.adminAccount')}>{shownValue(data.adminPhone)}</Descriptions.Item>
        <Descriptions.Item label={t('dealers.area')}>
          <AreaPicker value={[info.provinceCode, info.cityCode].filter(Boolean)} disabled testId="detail-area" />
        </Descriptions.Item>
        <Descriptions.Item label={t('dealers.address')}>{shownValue(info.address)}</Descriptions.Item>
        <Descriptions.Item label={t('dealers.saleScope')} span={2}>
          {data.saleScope.length > 0 ? (
            <AreaPicker multiple value={data.saleScope} disabled testId="detail-sale-scope-areas" />
          ) : (
            t('dealers.saleScopeEmpty')
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('dealers.createTime')}>{formatTime(info.createTime)}</Descriptions.Item>
        <Descriptions.Item label={t('dealers.licence')}>
          {info.licenceImg ? (
            <UploadedImage url={info.licenceImg} width={160} data-testid="detail-licence" />
          ) : (
            t('dealers.licenceEmpty')
          )}
        </Descriptions.Item>
      </Descriptions>
      <Tabs
        style={{ marginTop: 16 }}
        items={[
          {
            key: 'subDealers',
            label: t('dealers.subDealers', { count: data.subDealers.totalSize }),
            children: <DetailSubDealers page={data.subDealers} pageIndex={subPage} onPage={setSubPage} />,
          },
          {
            key: 'members',
            label: t('dealers.members', { count: data.members.totalSize }),
            children: <DetailMembers page={data.members} pageIndex={memberPage} onPage={setMemberPage} />,
          },
          { key: 'projects', label: t('dealers.projects'), children: <DetailProjects dealerId={info.dealersId} /> },
          { key: 'devices', label: t('dealers.devices'), children: <DetailDevices dealerId={info.dealersId} /> },
        ]}
      />
      <SaleScopeModal dealer={scopeOpen ? info : null} onClose={() => setScopeOpen(false)} />
      {randomPassword.view}
    </Card>
  );
}
