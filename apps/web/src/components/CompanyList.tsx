import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Enterprise } from '@dcc/contract';
import { LevelIcon } from './LevelIcon.tsx';

interface Props {
  companies: readonly Enterprise[];
  currentId?: string | null;
  loadingId?: string | null;
  onChoose(company: Enterprise): void;
}

const rowStyle = { padding: '12px 0', borderBottom: '1px solid #f0f0f0' };

/** The enterprises to choose from: name, level icon and level; used at sign-in and in the header. */
export function CompanyList({ companies, currentId, loadingId, onChoose }: Props) {
  const { t } = useTranslation();
  return (
    <div role="list">
      {companies.map((company) => (
        <Flex
          key={company.dealersId}
          role="listitem"
          align="center"
          gap={12}
          style={rowStyle}
          data-testid="company-option"
        >
          <LevelIcon level={company.level} />
          <span style={{ flex: 1, fontWeight: 500 }}>{company.dealersName}</span>
          <span style={{ color: 'rgba(0,0,0,0.45)' }}>
            {company.level === 0 ? t('company.platform') : t('company.level', { level: company.level })}
          </span>
          <Button
            type={company.dealersId === currentId ? 'default' : 'primary'}
            loading={loadingId === company.dealersId}
            disabled={company.dealersId === currentId}
            onClick={() => onChoose(company)}
          >
            {company.dealersId === currentId ? t('company.current') : t('company.choose')}
          </Button>
        </Flex>
      ))}
    </div>
  );
}
