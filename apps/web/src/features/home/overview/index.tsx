import { Flex } from 'antd';
import { StatsCharts } from './charts/StatsCharts.tsx';
import { PointTrend } from './charts/PointTrend.tsx';
import { KeyTabs } from './keyTabs/KeyTabs.tsx';
import { OverviewCards } from './overview/OverviewCards.tsx';
import { getAddressHistoryValue } from '@dcc/contract';
import { useMayCall } from '../../../session/mayCall.ts';

/** Home (B80): the device overview, the key project and device tabs, the chart tabs and the point trend of the subtree. */
export default function HomeOverviewPage() {
  const drawsTrend = useMayCall(getAddressHistoryValue);
  return (
    <Flex vertical gap={16} data-testid="home">
      <OverviewCards />
      <KeyTabs />
      <StatsCharts />
      {drawsTrend && <PointTrend />}
    </Flex>
  );
}
