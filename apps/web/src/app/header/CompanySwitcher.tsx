import { useState } from 'react';
import { Button, Modal, Spin, Typography } from 'antd';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import { useTranslation } from 'react-i18next';
import { CompanyList } from '../../components/CompanyList.tsx';
import { LevelIcon } from '../../components/LevelIcon.tsx';
import { useCompanies, useEnterCompany } from '../../features/company/hooks.ts';
import { useSession } from '../../session/session.ts';

/** The current company; the button opens a dialog to switch to another one. */
export function CompanySwitcher() {
  const { t } = useTranslation();
  const { dealersId, dealersName, level } = useSession();
  const [open, setOpen] = useState(false);
  const companies = useCompanies(open);
  const enter = useEnterCompany();
  const name = dealersName ?? t('company.chooseTitle');
  return (
    <>
      <Button
        icon={<SwapOutlined />}
        onClick={() => setOpen(true)}
        style={{ minWidth: 0, maxWidth: '100%' }}
        data-testid="company-switcher"
      >
        {level !== null && <LevelIcon level={level} />}
        <Typography.Text ellipsis={{ tooltip: name }} style={{ color: 'inherit', minWidth: 0 }}>
          {name}
        </Typography.Text>
      </Button>
      <Modal open={open} title={t('company.switchTitle')} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        {companies.isLoading ? (
          <Spin />
        ) : (
          <CompanyList
            companies={companies.data ?? []}
            currentId={dealersId}
            loadingId={enter.isPending ? (enter.variables?.dealersId ?? null) : null}
            onChoose={(company) => enter.mutate(company, { onSuccess: () => setOpen(false) })}
          />
        )}
      </Modal>
    </>
  );
}
