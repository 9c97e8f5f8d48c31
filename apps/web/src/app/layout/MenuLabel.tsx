import { Typography } from 'antd';

/** A side-menu label on one line: cut with an ellipsis where it does not fit, its full text then in a tooltip. */
export function MenuLabel({ path, text }: { path: string; text: string }) {
  return (
    <Typography.Text
      ellipsis={{ tooltip: { title: text, placement: 'right' } }}
      style={{ color: 'inherit', lineHeight: 'inherit', display: 'block' }}
      data-testid={`menu-${path}`}
    >
      {text}
    </Typography.Text>
  );
}
