import { useState } from 'react';
import { Button, Card, Form, Input, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CallResponse, listNotices } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { recallListState, rememberListState } from '../../../session/session.ts';
import { NoticeFormModal } from './components/NoticeFormModal.tsx';
import { useDeleteNotice, useNoticeAdminList, type NoticeDraft, type NoticeListQuery } from './hooks.ts';

type Row = CallResponse<typeof listNotices>['list'][number];

const LIST_NAME = 'messageManage';
const FIRST_PAGE: NoticeListQuery = { pageIndex: 1, pageSize: 10, noticeTitle: '' };

/** System management > Notices (B213001): search, add, edit and delete the notices every account receives. */
export default function MessageManagePage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [query, setQueryState] = useState<NoticeListQuery>(() => recallListState<NoticeListQuery>(LIST_NAME) ?? FIRST_PAGE);
  const [draft, setDraft] = useState<NoticeDraft | null>(null);
  const list = useNoticeAdminList(query);
  const remove = useDeleteNotice();
  const setQuery = (next: NoticeListQuery) => {
    rememberListState(LIST_NAME, next);
    setQueryState(next);
  };

  const columns: TableColumnsType<Row> = [
    { title: t('messageManage.title'), dataIndex: 'noticeTitle', width: 240 },
    { title: t('messageManage.body'), dataIndex: 'noticeBody', ellipsis: true },
    { title: t('messageManage.readCount'), dataIndex: 'readCount', width: 120 },
    { title: t('messageManage.createTime'), dataIndex: 'createTime', width: 200, render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm:ss') },
    {
      title: t('messageManage.actions'),
      key: 'actions',
      width: 160,
      render: (_value, row) => (
        <Space>
          <Button type="link" size="small" onClick={() => setDraft({ noticeId: row.noticeId, noticeTitle: row.noticeTitle, noticeBody: row.noticeBody })}>
            {t('messageManage.edit')}
          </Button>
          <Popconfirm
            title={t('messageManage.deleteConfirm', { title: row.noticeTitle })}
            okText={t('messageManage.delete')}
            cancelText={t('messageManage.cancel')}
            onConfirm={() => remove.mutateAsync(row.noticeId).then(() => void message.success(t('messageManage.deleted')))}
          >
            <Button type="link" size="small" danger data-testid="notice-delete">{t('messageManage.delete')}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('menu.messageManage')}
      extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setDraft({ noticeTitle: '', noticeBody: '' })} data-testid="notice-add">{t('messageManage.add')}</Button>}
    >
      <Form layout="inline" initialValues={{ noticeTitle: query.noticeTitle }} onFinish={({ noticeTitle }: { noticeTitle?: string }) => setQuery({ ...query, pageIndex: 1, noticeTitle: noticeTitle?.trim() ?? '' })} style={{ marginBottom: 16 }}>
        <Form.Item name="noticeTitle" label={t('messageManage.title')}>
          <Input allowClear maxLength={50} data-testid="notice-search" />
        </Form.Item>
        <Button type="primary" htmlType="submit">{t('messageManage.search')}</Button>
      </Form>
      <Table<Row>
        rowKey="noticeId"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        data-testid="notice-table"
        pagination={{
          current: query.pageIndex,
          pageSize: query.pageSize,
          total: list.data?.totalSize ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('messageManage.total', { total }),
          onChange: (pageIndex, pageSize) => setQuery({ ...query, pageIndex: pageSize === query.pageSize ? pageIndex : 1, pageSize }),
        }}
      />
      <NoticeFormModal draft={draft} onClose={() => setDraft(null)} />
    </Card>
  );
}
