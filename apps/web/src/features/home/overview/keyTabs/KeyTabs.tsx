import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Button, getDealersProject } from '@dcc/contract';
import { useMayCall } from '../../../../session/mayCall.ts';
import { useSession } from '../../../../session/session.ts';
import { KeyDevicesTable } from './KeyDevicesTable.tsx';
import { KeyProjectsTable } from './KeyProjectsTable.tsx';

/** The key project (B81) and key device (B82) tabs, each only with its flag; nothing without either. */
export function KeyTabs() {
  const { t } = useTranslation();
  const { buttons } = useSession();
  // The key projects are read through the project list's call, which B81 admits as well as B1001 (orButtons).
  const readsProjects = useMayCall(getDealersProject);
  const items = [
    buttons.has(Button.HOME_KEY_PROJECTS) &&
      readsProjects && {
        key: 'projects',
        label: <span data-testid="home-tab-projects">{t('home.tab.keyProjects')}</span>,
        children: <KeyProjectsTable />,
        // Both tables load with the page: the second tab shows at once.
        forceRender: true,
      },
    buttons.has(Button.HOME_KEY_DEVICES) && {
      key: 'devices',
      label: <span data-testid="home-tab-devices">{t('home.tab.keyDevices')}</span>,
      children: <KeyDevicesTable />,
      forceRender: true,
    },
  ].filter((item) => item !== false);
  if (items.length === 0) return null;
  return (
    <Card data-testid="home-key-tabs">
      <Tabs items={items} />
    </Card>
  );
}
