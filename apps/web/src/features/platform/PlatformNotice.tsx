import { Alert } from 'antd';
import type { CSSProperties } from 'react';
import { usePlatformStatus } from './hooks.ts';

/** The platform-status bar: shown for a warning or error; long text is cut with an ellipsis (title shows it all). */
export function PlatformNotice({ style }: { style?: CSSProperties }) {
  const { data } = usePlatformStatus();
  if (!data) return null;
  return (
    <Alert
      type={data.status}
      showIcon
      banner
      style={style}
      data-testid="platform-notice"
      title={
        <span
          title={data.message}
          style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {data.message}
        </span>
      }
    />
  );
}
