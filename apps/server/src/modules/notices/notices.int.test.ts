import {
  Button,
  ErrorCode,
  addNotice,
  deleteNotice,
  listNotices,
  selectAllNotices,
  updateNotice,
  updateNoticeAsRead,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPhone } from '../../db/seed/demo.ts';
import { newDealer, newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

interface OwnList {
  list: Array<{ noticeId: string; noticeTitle: string; noticeStatus: 0 | 1 }>;
  totalSize: number;
  unreadCount: number;
}

const mine = (token: string, noticeStatus: unknown = '') =>
  call<OwnList>(t.app, selectAllNotices, { pageIndex: 1, pageSize: 999, noticeStatus }, { sessionid: token });
const noticeCount = async () =>
  (
    await t.db
      .selectFrom('notices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('own notices (message drawer)', () => {
  it('lists the demo notices newest first with the two-company member’s read marks', async () => {
    const token = await loginAs(t.app, DemoPhone.TWO_COMPANIES);
    const { body } = await mine(token);
    expect(body.objectResult?.totalSize).toBe(5);
    expect(body.objectResult?.unreadCount).toBe(3);
    expect(body.objectResult?.list.map((notice) => notice.noticeStatus)).toEqual([0, 0, 0, 1, 1]);
    expect(body.objectResult?.list[0]?.noticeTitle).toBe('New fault code E05 explained');
  });

  it('filters by status, pages, reads one, then all', async () => {
    const user = await newUser(t.db);
    const token = await loginAs(t.app, user.phone);
    const all = (await mine(token)).body.objectResult!;
    expect(all.unreadCount).toBe(all.totalSize);
    const first = all.list[0]!.noticeId;

    const page = await call<OwnList>(t.app, selectAllNotices, { pageIndex: 2, pageSize: 2 }, { sessionid: token });
    expect(page.body.objectResult?.list.map((notice) => notice.noticeId)).toEqual(
      all.list.slice(2, 4).map((notice) => notice.noticeId),
    );
    expect(page.body.objectResult?.totalSize).toBe(all.totalSize);

    expect(
      (await call(t.app, updateNoticeAsRead, { noticeId: first, readAll: '0' }, { sessionid: token })).body
        .objectResult,
    ).toEqual({ updated: 1 });
    expect(
      (await call(t.app, updateNoticeAsRead, { noticeId: first, readAll: '0' }, { sessionid: token })).body
        .objectResult,
    ).toEqual({ updated: 0 });
    const read = (await mine(token, 1)).body.objectResult!;
    expect(read.list.map((notice) => notice.noticeId)).toEqual([first]);
    expect(read.totalSize).toBe(1);
    expect(read.unreadCount).toBe(all.totalSize - 1);
    expect((await mine(token, '0')).body.objectResult?.totalSize).toBe(all.totalSize - 1);

    expect((await call(t.app, updateNoticeAsRead, { readAll: '1' }, { sessionid: token })).body.objectResult).toEqual({
      updated: all.totalSize - 1,
    });
    expect((await mine(token)).body.objectResult?.unreadCount).toBe(0);
  });

  it('shows a change made by another server (directly in the database) on the next call', async () => {
    const token = await loginAs(t.app, DemoPhone.LEVEL2_DEVICES_ONLY);
    const before = (await mine(token)).body.objectResult!;
    const inserted = await t.db
      .insertInto('notices')
      .values({ title: 'From_elsewhere', body: 'Hi', created_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = (await mine(token)).body.objectResult!;
    expect(after.totalSize).toBe(before.totalSize + 1);
    expect(after.list[0]).toMatchObject({ noticeId: inserted.id, noticeTitle: 'From_elsewhere', noticeStatus: 0 });
    await t.db.updateTable('notices').set({ title: 'Edited_elsewhere' }).where('id', '=', inserted.id).execute();
    expect((await mine(token)).body.objectResult!.list[0]?.noticeTitle).toBe('Edited_elsewhere');
    await t.db.deleteFrom('notices').where('id', '=', inserted.id).execute();
    expect((await mine(token)).body.objectResult!.totalSize).toBe(before.totalSize);
  });

  it('refuses a missing or unknown notice id', async () => {
    const token = await loginAs(t.app, DemoPhone.LEVEL2_DEVICES_ONLY);
    const missing = await call(t.app, updateNoticeAsRead, { readAll: '0' }, { sessionid: token });
    expect(missing.body.error_msg).toBe('Invalid request: noticeId: The notice id is required');
    const unknown = await call(t.app, updateNoticeAsRead, { readAll: '0', noticeId: '999999' }, { sessionid: token });
    expect(unknown.body.error_code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('notice administration (B213001)', () => {
  it('refuses a member without the button and changes nothing', async () => {
    const token = await loginAs(t.app, DemoPhone.TWO_COMPANIES);
    const north = (
      await t.db.selectFrom('dealers').select('id').where('code', '=', 'D1-NORTH').executeTakeFirstOrThrow()
    ).id;
    const before = await noticeCount();
    for (const [def, payload] of [
      [listNotices, {}],
      [addNotice, { noticeTitle: 'Hello', noticeBody: 'World' }],
      [updateNotice, { noticeId: '1', version: 1, noticeTitle: 'Changed', noticeBody: 'Body' }],
      [deleteNotice, { noticeId: '1', version: 1 }],
    ] as const) {
      const { body } = await call(t.app, def, payload, { sessionid: token, dealersId: north, language: 'zh_CN' });
      expect(body).toEqual({
        error_code: ErrorCode.PERMISSION_DENIED,
        error_msg: '您没有此操作的权限',
        objectResult: null,
      });
    }
    expect(await noticeCount()).toBe(before);
    expect(
      (await t.db.selectFrom('notices').select('title').where('id', '=', '1').executeTakeFirstOrThrow()).title,
    ).not.toBe('Changed');
  });

  it('lets a holder add, list, edit and delete; the new notice reaches every account unread', async () => {
    const company = await newDealer(t.db);
    const admin = await newUser(t.db);
    await newMember(t.db, company, admin.id, [Button.SYSTEM_MANAGE, Button.MESSAGES]);
    const token = await loginAs(t.app, admin.phone);
    const ctx = { sessionid: token, dealersId: company };

    const added = await call<{ noticeId: string; readCount: number }>(
      t.app,
      addNotice,
      { noticeTitle: 'Spring_update_1', noticeBody: 'Details' },
      ctx,
    );
    expect(added.body.objectResult).toMatchObject({
      noticeTitle: 'Spring_update_1',
      noticeBody: 'Details',
      readCount: 0,
    });
    const id = added.body.objectResult!.noticeId;

    const reader = await loginAs(t.app, DemoPhone.LEVEL2_DEVICES_ONLY);
    expect((await mine(reader)).body.objectResult?.list[0]).toMatchObject({ noticeId: id, noticeStatus: 0 });
    await call(t.app, updateNoticeAsRead, { noticeId: id, readAll: '0' }, { sessionid: reader });

    const listed = await call<{ list: Array<{ noticeId: string; readCount: number }>; totalSize: number }>(
      t.app,
      listNotices,
      { noticeTitle: 'spring_' },
      ctx,
    );
    expect(listed.body.objectResult).toMatchObject({ totalSize: 1, list: [{ noticeId: id, readCount: 1 }] });

    const edited = await call(
      t.app,
      updateNotice,
      { noticeId: id, version: 1, noticeTitle: 'Spring update 2', noticeBody: 'More' },
      ctx,
    );
    expect(edited.body.error_code).toBe(ErrorCode.BAD_REQUEST);
    const edited2 = await call(
      t.app,
      updateNotice,
      { noticeId: id, version: 1, noticeTitle: 'Spring_update_2', noticeBody: 'More' },
      ctx,
    );
    expect(edited2.body.objectResult).toMatchObject({ noticeTitle: 'Spring_update_2', noticeBody: 'More', version: 2 });

    expect((await call(t.app, deleteNotice, { noticeId: id, version: 2 }, ctx)).body.error_code).toBe(0);
    expect((await call(t.app, deleteNotice, { noticeId: id, version: 2 }, ctx)).body.error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect(await t.db.selectFrom('notice_reads').select('user_id').where('notice_id', '=', id).execute()).toEqual([]);
  });

  it('refuses the second of two edits sent with the same version (STALE_VERSION in the caller language), keeping the first', async () => {
    const company = await newDealer(t.db);
    const admin = await newUser(t.db);
    await newMember(t.db, company, admin.id, [Button.SYSTEM_MANAGE, Button.MESSAGES]);
    const ctx = { sessionid: await loginAs(t.app, admin.phone), dealersId: company };
    const added = (
      await call<{ noticeId: string; version: number }>(
        t.app,
        addNotice,
        { noticeTitle: 'Versioned_1', noticeBody: 'Start' },
        ctx,
      )
    ).body.objectResult!;
    expect(added.version).toBe(1);
    const edit = (noticeTitle: string, version = added.version) => ({
      noticeId: added.noticeId,
      version,
      noticeTitle,
      noticeBody: 'Body',
    });
    expect((await call(t.app, updateNotice, edit('Versioned_first'), ctx)).body.objectResult).toMatchObject({
      noticeTitle: 'Versioned_first',
      version: 2,
    });
    const en = await call(t.app, updateNotice, edit('Versioned_second'), ctx);
    expect(en.body).toEqual({
      error_code: ErrorCode.STALE_VERSION,
      error_msg: 'This record was changed by someone else in the meantime. Reload it and make your change again.',
      objectResult: null,
    });
    const zh = await call(
      t.app,
      deleteNotice,
      { noticeId: added.noticeId, version: added.version },
      { ...ctx, language: 'zh_CN' },
    );
    expect(zh.body).toEqual({
      error_code: ErrorCode.STALE_VERSION,
      error_msg: '该记录已被他人修改，请刷新后重新修改',
      objectResult: null,
    });
    const stored = await t.db
      .selectFrom('notices')
      .select(['title', 'version'])
      .where('id', '=', added.noticeId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ title: 'Versioned_first', version: 2 });
    expect(
      (await call(t.app, updateNotice, { ...edit('Versioned_x'), noticeId: '987654321' }, ctx)).body.error_code,
    ).toBe(ErrorCode.NOT_FOUND);
    expect((await call(t.app, deleteNotice, { noticeId: added.noticeId, version: 2 }, ctx)).body.error_code).toBe(0);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'of two edits running at once with the same version exactly one wins (PostgreSQL: two connections)',
    async () => {
      const company = await newDealer(t.db);
      const admin = await newUser(t.db);
      await newMember(t.db, company, admin.id, [Button.SYSTEM_MANAGE, Button.MESSAGES]);
      const ctx = { sessionid: await loginAs(t.app, admin.phone), dealersId: company };
      const added = (
        await call<{ noticeId: string; version: number }>(
          t.app,
          addNotice,
          { noticeTitle: 'Racing_0', noticeBody: 'Start' },
          ctx,
        )
      ).body.objectResult!;
      const titles = ['Racing_a', 'Racing_b'];
      const answers = await Promise.all(
        titles.map((noticeTitle) =>
          call(
            t.app,
            updateNotice,
            { noticeId: added.noticeId, version: added.version, noticeTitle, noticeBody: 'Body' },
            ctx,
          ),
        ),
      );
      expect(answers.map((a) => a.body.error_code).sort((a, b) => a - b)).toEqual([0, ErrorCode.STALE_VERSION]);
      const stored = await t.db
        .selectFrom('notices')
        .select(['title', 'version'])
        .where('id', '=', added.noticeId)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ title: titles[answers[0]!.body.error_code === 0 ? 0 : 1], version: 2 });
    },
  );
});
