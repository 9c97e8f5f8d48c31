import { useState } from 'react';
import { Badge, Button } from 'antd';
import BellOutlined from '@ant-design/icons/BellOutlined';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../hooks.ts';
import { NoticeDrawer } from './NoticeDrawer.tsx';

/** The bell with the unread count; it opens the notice drawer. */
export function NoticeBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data } = useNotices();
  return (
    <>
      <Badge count={data?.unread ?? 0} size="small" data-testid="unread-badge">
        <Button
          type="text"
          icon={<BellOutlined />}
          onClick={() => setOpen(true)}
          aria-label={t('notice.drawerTitle')}
          data-testid="notice-bell"
        />
      </Badge>
      <NoticeDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
