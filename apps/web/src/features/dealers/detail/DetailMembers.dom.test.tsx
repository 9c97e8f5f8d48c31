import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DealerMemberItem } from '@dcc/contract';
import i18n from '../../../i18n/index.ts';
import { DetailMembers } from './DetailTables.tsx';

const member: DealerMemberItem = {
  memberId: '1',
  userId: '1',
  phone: '13700000001',
  realName: 'Li',
  email: '',
  img: '',
  dealersId: '9',
  dealersName: 'South',
  jurisdiction: [],
  roles: [
    // The administrator role made with the dealer, stored by a Chinese console.
    { roleId: '1', roleName: '管理员', builtin: 'admin' },
    // A role its company named itself, in Chinese.
    { roleId: '2', roleName: '售后', builtin: null },
  ],
  createTime: '2026-01-01T00:00:00.000Z',
  version: 1,
};

const shownRoles = () =>
  [...screen.getByTestId('detail-members').querySelectorAll('.ant-tag')].map((tag) => tag.textContent);

afterEach(() => cleanup());

describe("a member's roles", () => {
  it('show the built-in role in the language shown and a named role as named, following a language switch', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    render(<DetailMembers page={{ list: [member], totalSize: 1 }} pageIndex={1} onPage={() => undefined} />);
    expect(shownRoles()).toEqual(['Administrator', '售后']);
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(shownRoles()).toEqual(['管理员', '售后']);
  });
});
