import { useState } from 'react';
import { Button, Form, Input, Space, type TableColumnsType } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { listNotices, type CallResponse } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { useFeedback } from '../../../app/feedback.tsx';
import { ACTIONS_COLUMN_KEY, ConfirmAction, PagedTable } from '../../../components/list/index.ts';
import { NoticeFormModal } from './components/NoticeFormModal.tsx';
import { NOTICE_LIST, useDeleteNotice, type NoticeDraft } from './hooks.ts';
import { formatTime } from '../../../components/time/platformTime.ts';

type Row = CallResponse<typeof listNotices>['list'][number];

/** System management > Notices (B213001): search, add, edit and delete the notices every account receives. */
export default function MessageManagePage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [draft, setDraft] = useState<NoticeDraft | null>(null);
  const remove = useDeleteNotice();

  const columns: TableColumnsType<Row> = [
    { title: t('messageManage.title'), dataIndex: 'noticeTitle', width: 240 },
    { title: t('messageManage.body'), dataIndex: 'noticeBody', ellipsis: true },
    { title: t('messageManage.readCount'), dataIndex: 'readCount', width: 120 },
    { title: t('messageManage.createTime'), dataIndex: 'createTime', width: 200, render: formatTime },
    {
      title: t('messageManage.actions'),
      key: ACTIONS_COLUMN_KEY,
      width: 160,
      render: (_value, row) => (
        <Space>
          <Button
            type="link"
            size="small"
            onClick={() =>
              setDraft({
                noticeId: row.noticeId,
                version: row.version,
                noticeTitle: row.noticeTitle,
                noticeBody: row.noticeBody,
              })
            }
          >
            {t('messageManage.edit')}
          </Button>
          <ConfirmAction
            title={t('messageManage.deleteConfirm', { title: row.noticeTitle })}
            onConfirm={() =>
              remove
                .mutateAsync({ noticeId: row.noticeId, version: row.version })
                .then(() => void message.success(t('messageManage.deleted')))
            }
            testId="notice-delete"
          >
            {t('messageManage.delete')}
          </ConfirmAction>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<Row, { noticeTitle: string }>
        listName={NOTICE_LIST}
        initialFilters={{ noticeTitle: '' }}
        load={(query) =>
          call(listNotices, { pageIndex: query.pageIndex, pageSize: query.pageSize, noticeTitle: query.noticeTitle })
        }
        columns={columns}
        rowKey="noticeId"
        title={t('menu.messageManage')}
        toolbar={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDraft({ noticeTitle: '', noticeBody: '' })}
            data-testid="notice-add"
          >
            {t('messageManage.add')}
          </Button>
        }
        searchFields={
          <Form.Item name="noticeTitle" label={t('messageManage.title')}>
            <Input allowClear maxLength={50} data-testid="notice-search" />
          </Form.Item>
        }
        testId="notice-table"
      />
      <NoticeFormModal draft={draft} onClose={() => setDraft(null)} />
    </>
  );
}
