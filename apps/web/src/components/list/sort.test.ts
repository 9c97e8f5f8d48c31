import { describe, expect, it } from 'vitest';
import { columnSortOrder, sortRequest, toListSort } from './sort.ts';

describe('list sorting', () => {
  it('maps an ascending or descending column to sortField/sortOrder', () => {
    expect(toListSort({ columnKey: 'createTime', order: 'ascend' })).toEqual({
      sortField: 'createTime',
      sortOrder: 'ascend',
    });
    expect(toListSort({ field: 'userName', order: 'descend' })).toEqual({
      sortField: 'userName',
      sortOrder: 'descend',
    });
    expect(toListSort([{ columnKey: 'phone', order: 'descend' }])).toEqual({
      sortField: 'phone',
      sortOrder: 'descend',
    });
  });

  it('drops the sort when the column is no longer sorted', () => {
    expect(toListSort({ columnKey: 'createTime', order: null })).toEqual({});
    expect(toListSort([])).toEqual({});
  });

  it('gives the column its arrow back from a remembered sort', () => {
    expect(columnSortOrder({ sortField: 'createTime', sortOrder: 'ascend' }, 'createTime')).toBe('ascend');
    expect(columnSortOrder({ sortField: 'createTime', sortOrder: 'descend' }, 'userName')).toBeNull();
    expect(columnSortOrder({}, 'createTime')).toBeNull();
  });

  it("sends only a field the call allows, else leaves the server's default", () => {
    const fields = ['createTime', 'userName'] as const;
    expect(sortRequest({ sortField: 'userName', sortOrder: 'ascend' }, fields)).toEqual({
      sortField: 'userName',
      sortOrder: 'ascend',
    });
    expect(sortRequest({ sortField: 'password', sortOrder: 'ascend' }, fields)).toEqual({});
    expect(sortRequest({}, fields)).toEqual({});
  });
});
