import { Badge, Button, Collapse, Drawer, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NoticeStatus, type Notice } from '@dcc/contract';
import { formatTime } from '../../../components/time/platformTime.ts';
import { useMarkRead, useNotices } from '../hooks.ts';

interface Props {
  open: boolean;
  onClose(): void;
}

function NoticeLabel({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const unread = notice.noticeStatus === NoticeStatus.UNREAD;
  return (
    <span data-testid="notice-item" data-read={unread ? 'false' : 'true'}>
      <Badge
        status={unread ? 'error' : 'default'}
        text={unread ? t('notice.unread') : t('notice.read')}
        style={{ marginRight: 12 }}
      />
      <Typography.Text strong={unread}>{notice.noticeTitle}</Typography.Text>
      <Typography.Text type="secondary" style={{ marginLeft: 12, fontSize: 12 }}>
        {formatTime(notice.createTime)}
      </Typography.Text>
    </span>
  );
}

/** The 'message notifications' drawer: accordion of notices; opening one marks it read. */
export function NoticeDrawer({ open, onClose }: Props) {
  const { t } = useTranslation();
  const { data } = useNotices();
  const markRead = useMarkRead();
  const list = data?.list ?? [];
  const onOpenItem = (key: string | string[]) => {
    const noticeId = Array.isArray(key) ? key[0] : key;
    const notice = list.find((item) => item.noticeId === noticeId);
    if (notice?.noticeStatus === NoticeStatus.UNREAD) markRead.mutate(notice.noticeId);
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('notice.drawerTitle')}
      size={520}
      data-testid="notice-drawer"
      extra={
        <Button
          onClick={() => markRead.mutate(undefined)}
          disabled={!data || data.unread === 0}
          loading={markRead.isPending && markRead.variables === undefined}
          data-testid="mark-all-read"
        >
          {t('notice.markAll')}
        </Button>
      }
    >
      {list.length === 0 ? (
        <Empty description={t('notice.empty')} />
      ) : (
        <Collapse
          accordion
          onChange={onOpenItem}
          items={list.map((notice) => ({
            key: notice.noticeId,
            label: <NoticeLabel notice={notice} />,
            children: (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {notice.noticeBody}
              </Typography.Paragraph>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
