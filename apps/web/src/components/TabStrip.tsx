import type { ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  children: ReactNode;
}

interface Props<K extends string> {
  items: readonly TabItem<K>[];
  activeKey: K;
  onChange(key: K): void;
}

const tabStyle = (active: boolean) => ({
  border: 'none',
  background: 'none',
  padding: '8px 0',
  marginRight: 32,
  fontSize: 15,
  cursor: 'pointer',
  color: active ? '#1677ff' : 'rgba(0,0,0,0.65)',
  borderBottom: `2px solid ${active ? '#1677ff' : 'transparent'}`,
});

/**
 * A plain accessible tab strip. The login page uses it instead of antd Tabs, whose overflow
 * dropdown and menu code would cost about 30 KB gzipped of the 300 KB /login budget.
 */
export function TabStrip<K extends string>({ items, activeKey, onChange }: Props<K>) {
  const active = items.find((item) => item.key === activeKey) ?? items[0];
  return (
    <div>
      <div role="tablist" style={{ borderBottom: '1px solid #f0f0f0', marginBottom: 24 }}>
        {items.map((item) => (
          <button
            key={item.key}
            type="button"
            role="tab"
            aria-selected={item.key === active?.key}
            style={tabStyle(item.key === active?.key)}
            onClick={() => onChange(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel">{active?.children}</div>
    </div>
  );
}
