import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/index.ts';
import { EMPTY_VALUE } from '../emptyValue.ts';
import { CELL_MAX_WIDTH } from './cellDefaults.tsx';
import { DataTable } from './DataTable.tsx';
import { ACTIONS_COLUMN_KEY } from './RowActions.tsx';

interface Row {
  id: string;
  name: string;
  note: string | null;
  tags: string[];
}

const LONG = 'x'.repeat(200);

afterEach(cleanup);

describe('the console table', () => {
  const table = (rows: Row[]) => (
    <DataTable<Row>
      rowKey="id"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: 'Name', dataIndex: 'name' },
        { title: 'Note', dataIndex: 'note' },
        {
          title: 'Tags',
          dataIndex: 'tags',
          render: (tags: string[]) => tags.map((tag) => <span key={tag}>{tag}</span>),
        },
        { title: 'Actions', key: ACTIONS_COLUMN_KEY, render: () => <button type="button">Edit</button> },
      ]}
    />
  );

  it('shows the one empty placeholder for empty text, null and an empty list, whatever the column renders', () => {
    render(table([{ id: '1', name: '', note: null, tags: [] }]));
    const cells = [...document.querySelectorAll('tbody tr.ant-table-row td')].map((cell) => cell.textContent);
    expect(cells).toEqual([EMPTY_VALUE, EMPTY_VALUE, EMPTY_VALUE, 'Edit']);
  });

  it('wraps long text within the cell width and leaves the actions cell as it is', () => {
    render(table([{ id: '1', name: LONG, note: 'n', tags: ['a'] }]));
    const wrapper = screen.getByText(LONG);
    expect(wrapper.style.maxWidth).toBe(`${CELL_MAX_WIDTH}px`);
    expect(wrapper.style.overflowWrap).toBe('anywhere');
    const actionsCell = screen.getByText('Edit').parentElement;
    expect(actionsCell?.tagName).toBe('TD');
    expect(actionsCell?.className).toContain('ant-table-cell-fix');
  });

  it('cuts a column given ellipsis to its width on one line (fixed layout), the placeholder when empty', () => {
    render(
      <DataTable<Row>
        rowKey="id"
        pagination={false}
        dataSource={[
          { id: '1', name: LONG, note: null, tags: [] },
          { id: '2', name: '', note: null, tags: [] },
        ]}
        columns={[{ title: 'Name', dataIndex: 'name', width: 100, ellipsis: true }]}
      />,
    );
    expect(document.querySelector('.ant-table-layout-fixed')).not.toBeNull();
    expect(document.querySelector('[data-ellipsis-cell]')?.textContent).toBe(LONG);
    expect(document.querySelector('td.ant-table-cell-ellipsis')).not.toBeNull();
    const cells = [...document.querySelectorAll('tbody tr.ant-table-row td')].map((cell) => cell.textContent);
    expect(cells).toEqual([LONG, EMPTY_VALUE]);
  });
});
