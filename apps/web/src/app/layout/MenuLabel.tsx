import { useState, type CSSProperties } from 'react';
import { Tooltip } from 'antd';

const ONE_LINE: CSSProperties = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  color: 'inherit',
  lineHeight: 'inherit',
};

/**
 * A side-menu label on one line: cut with an ellipsis where it does not fit, its full text then in a tooltip.
 * The cut is the browser's (CSS), found on hover; antd's measured ellipsis (Typography) re-rendered the whole
 * console twice at every start while it measured each label.
 */
export function MenuLabel({ path, text }: { path: string; text: string }) {
  const [cut, setCut] = useState(false);
  return (
    <Tooltip title={cut ? text : undefined} placement="right">
      <span
        style={ONE_LINE}
        data-testid={`menu-${path}`}
        onMouseEnter={(event) => setCut(event.currentTarget.scrollWidth > event.currentTarget.clientWidth)}
      >
        {text}
      </span>
    </Tooltip>
  );
}
