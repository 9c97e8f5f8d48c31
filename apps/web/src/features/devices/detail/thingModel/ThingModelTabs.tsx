import { Empty, Spin, Tag, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getDeviceThingModel, setDevicePointValues, type ThingModel } from '@dcc/contract';
import { call } from '../../../../api/client.ts';
import { DataTable } from '../../../../components/list/index.ts';
import { useMayCall } from '../../../../session/mayCall.ts';
import type { DeviceTabProps } from '../detailTabs.tsx';
import { deviceDetailKey } from '../deviceKeys.ts';
import { useDeviceValues } from '../deviceQueries.ts';
import { PointTable } from '../params/PointTable.tsx';
import { useLocalName } from '../../../../i18n/useLocalName.ts';

type Param = ThingModel['events'][number]['outputData'][number];

type NameOf = ReturnType<typeof useLocalName>;
const paramsText = (nameOf: NameOf, params: readonly Param[]) =>
  params.map((p) => `${nameOf(p.name, p.enName)} (${p.identifier})`).join(', ');

/** Properties: the live values of the published properties; read-write ones are set as an Alink property set. */
export function PropertiesTab({ deviceId }: DeviceTabProps) {
  const values = useDeviceValues(deviceId);
  const mayControl = useMayCall(setDevicePointValues);
  if (!values.data) return <Spin />;
  return (
    <PointTable deviceId={deviceId} points={values.data.dataList} mayControl={mayControl} testId="tm-properties" />
  );
}

/** One list of the device product's published thing model as a table; a notice while nothing is published. */
function ModelTable<Item extends { identifier: string }>({
  deviceId,
  items,
  columns,
  testId,
}: {
  deviceId: string;
  items(model: ThingModel): Item[];
  columns: TableColumnsType<Item>;
  testId: string;
}) {
  const { t } = useTranslation();
  const model = useQuery({
    queryKey: [...deviceDetailKey(deviceId), 'thingModel'],
    queryFn: () => call(getDeviceThingModel, { deviceId }),
  });
  if (!model.data) return <Spin />;
  if (!model.data.model) return <Empty description={t('deviceDetail.tm.notPublished')} />;
  return (
    <DataTable<Item>
      rowKey="identifier"
      size="small"
      pagination={false}
      dataSource={items(model.data.model)}
      columns={columns}
      data-testid={testId}
    />
  );
}

/** Events of the published model: identifier, name, type and what they carry. */
export function EventsTab({ deviceId }: DeviceTabProps) {
  const { t } = useTranslation();
  const nameOf = useLocalName();
  return (
    <ModelTable
      deviceId={deviceId}
      items={(model) => model.events}
      testId="tm-events"
      columns={[
        { key: 'identifier', title: t('deviceDetail.tm.identifier'), dataIndex: 'identifier' },
        { key: 'name', title: t('deviceDetail.tm.name'), render: (_, item) => nameOf(item.name, item.enName) },
        {
          key: 'type',
          title: t('deviceDetail.tm.eventType'),
          render: (_, e) => <Tag>{t(`deviceDetail.tm.eventTypes.${e.type}`)}</Tag>,
        },
        { key: 'output', title: t('deviceDetail.tm.output'), render: (_, e) => paramsText(nameOf, e.outputData) },
        {
          key: 'description',
          title: t('deviceDetail.tm.description'),
          render: (_, e) => nameOf(e.description, e.enDescription),
        },
      ]}
    />
  );
}

/** Services of the published model: identifier, name, call type, inputs and outputs. */
export function ServicesTab({ deviceId }: DeviceTabProps) {
  const { t } = useTranslation();
  const nameOf = useLocalName();
  return (
    <ModelTable
      deviceId={deviceId}
      items={(model) => model.services}
      testId="tm-services"
      columns={[
        { key: 'identifier', title: t('deviceDetail.tm.identifier'), dataIndex: 'identifier' },
        { key: 'name', title: t('deviceDetail.tm.name'), render: (_, item) => nameOf(item.name, item.enName) },
        {
          key: 'callType',
          title: t('deviceDetail.tm.callType'),
          render: (_, s) => t(`deviceDetail.tm.callTypes.${s.callType}`),
        },
        { key: 'input', title: t('deviceDetail.tm.input'), render: (_, s) => paramsText(nameOf, s.inputData) },
        { key: 'output', title: t('deviceDetail.tm.output'), render: (_, s) => paramsText(nameOf, s.outputData) },
        {
          key: 'description',
          title: t('deviceDetail.tm.description'),
          render: (_, s) => nameOf(s.description, s.enDescription),
        },
      ]}
    />
  );
}
