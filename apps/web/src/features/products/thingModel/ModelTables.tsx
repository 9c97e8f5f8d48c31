import type { ReactNode } from 'react';
import { Empty, Tabs, Tag, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ThingModel } from '@dcc/contract';
import { describeDataType } from './describe.ts';
import { ITEM_KINDS, type AnyThingItem, type ItemKind, type ThingItem } from './items.ts';
import { ACTIONS_COLUMN_KEY, DataTable } from '../../../components/list/index.ts';
import { useLocalName } from '../../../i18n/useLocalName.ts';

interface Props {
  model: ThingModel;
  /** An actions cell for each row (the draft editor's edit and delete). */
  actions?(kind: ItemKind, index: number): ReactNode;
  /** Buttons above each table (the draft editor's add). */
  toolbar?(kind: ItemKind): ReactNode;
  testId: string;
}

type Param = ThingItem<'events'>['outputData'][number];
type NameOf = ReturnType<typeof useLocalName>;
const params = (t: TFunction, list: readonly Param[]) =>
  list.map((param) => `${param.identifier} (${describeDataType(t, param.dataType)})`).join('; ');

function columnsOf(t: TFunction, nameOf: NameOf, kind: ItemKind): TableColumnsType<AnyThingItem> {
  const common: TableColumnsType<AnyThingItem> = [
    { title: t('thingModel.identifier'), dataIndex: 'identifier', render: (value: string) => <code>{value}</code> },
    { title: t('thingModel.itemName'), dataIndex: 'name' },
    { title: t('thingModel.itemEnName'), dataIndex: 'enName' },
  ];
  const description = {
    title: t('thingModel.description'),
    key: 'description',
    render: (_v: unknown, row: AnyThingItem) => nameOf(row.description, row.enDescription),
  };
  if (kind === 'properties') {
    return [
      ...common,
      {
        title: t('thingModel.dataType'),
        key: 'dataType',
        render: (_v, row) => ('dataType' in row ? describeDataType(t, row.dataType) : ''),
      },
      {
        title: t('thingModel.accessMode'),
        key: 'accessMode',
        render: (_v, row) => ('accessMode' in row ? <Tag>{t(`thingModel.access.${row.accessMode}`)}</Tag> : ''),
      },
      {
        title: t('thingModel.required'),
        key: 'required',
        render: (_v, row) => ('required' in row ? t(row.required ? 'products.yes' : 'products.no') : ''),
      },
      description,
    ];
  }
  if (kind === 'events') {
    return [
      ...common,
      {
        title: t('thingModel.eventType'),
        key: 'type',
        render: (_v, row) =>
          'type' in row ? (
            <Tag color={row.type === 'info' ? 'blue' : 'red'}>{t(`thingModel.event.${row.type}`)}</Tag>
          ) : (
            ''
          ),
      },
      {
        title: t('thingModel.outputData'),
        key: 'outputData',
        render: (_v, row) => ('outputData' in row ? params(t, row.outputData) : ''),
      },
      description,
    ];
  }
  return [
    ...common,
    {
      title: t('thingModel.callType'),
      key: 'callType',
      render: (_v, row) => ('callType' in row ? <Tag>{t(`thingModel.call.${row.callType}`)}</Tag> : ''),
    },
    {
      title: t('thingModel.inputData'),
      key: 'inputData',
      render: (_v, row) => ('inputData' in row ? params(t, row.inputData) : ''),
    },
    {
      title: t('thingModel.outputData'),
      key: 'outputData',
      render: (_v, row) => ('outputData' in row && 'callType' in row ? params(t, row.outputData) : ''),
    },
    description,
  ];
}

/** A thing model's properties, events and services, one tab each. */
export function ModelTables({ model, actions, toolbar, testId }: Props) {
  const { t } = useTranslation();
  const nameOf = useLocalName();
  const table = (kind: ItemKind) => {
    const rows: AnyThingItem[] = model[kind];
    const columns = columnsOf(t, nameOf, kind);
    if (actions)
      columns.push({
        title: t('list.actions'),
        key: ACTIONS_COLUMN_KEY,
        render: (_v, row) => actions(kind, rows.indexOf(row)),
      });
    return (
      <>
        {toolbar ? <div style={{ marginBottom: 12 }}>{toolbar(kind)}</div> : null}
        <DataTable<AnyThingItem>
          rowKey="identifier"
          columns={columns}
          dataSource={rows}
          pagination={rows.length > 20 ? { pageSize: 20 } : false}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`thingModel.empty.${kind}`)} />,
          }}
          scroll={{ x: 'max-content' }}
          data-testid={`${testId}-${kind}`}
        />
      </>
    );
  };
  return (
    <Tabs
      data-testid={testId}
      items={ITEM_KINDS.map((kind) => ({
        key: kind,
        label: t(`thingModel.kind.${kind}`, { count: model[kind].length }),
        children: table(kind),
      }))}
    />
  );
}
