import {
  addButton,
  Button,
  deleteButton,
  ErrorCode,
  getButtonTree,
  moveButton,
  renameButton,
  roleButtonTree,
  type ButtonNode,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { buildMatrixTree, type MatrixTree } from '../../../test/matrix/tree.ts';
import { syncButtons } from '../../db/seed/buttons.ts';

let t: TestApp;
let tree: MatrixTree;
let platform: { sessionid: string; dealersId: string };

const find = (nodes: readonly ButtonNode[], id: string): ButtonNode | undefined => {
  for (const node of nodes) {
    if (node.buttonId === id) return node;
    const found = find(node.children, id);
    if (found) return found;
  }
  return undefined;
};

beforeAll(async () => {
  t = await startTestApp();
  tree = await buildMatrixTree(t.app, t.db);
  platform = { sessionid: await loginAs(t.app, tree.nodes.P.phone), dealersId: tree.nodes.P.dealerId };
});
afterAll(async () => t.close());

const treeOf = async (language = 'en_US') =>
  (await call<ButtonNode[]>(t.app, getButtonTree, {}, { ...platform, language })).body.objectResult!;

describe('permission button tree', () => {
  it('answers the tree with labels in the caller language and what the caller may grant', async () => {
    const dealers = find(await treeOf(), Button.DEALERS)!;
    expect(dealers).toMatchObject({ parentId: Button.DEALER_MANAGE, label: 'Dealers', grantable: true });
    expect(find(await treeOf('zh_CN'), Button.DEALER_MANAGE)?.label).toBe('经销商管理');
    expect(find(await treeOf(), Button.SYSTEM_MANAGE)?.children.map((child) => child.buttonId)).toContain(
      Button.MESSAGES,
    );
    const forRoles = await call<ButtonNode[]>(
      t.app,
      roleButtonTree,
      {},
      { sessionid: tree.callerSession, dealersId: tree.caller.dealerId },
    );
    expect(find(forRoles.body.objectResult!, Button.HOME)?.grantable).toBe(true);
  });

  it('adds, renames and moves a button; renames and moves survive the start-up sync', async () => {
    expect(
      (
        await call(
          t.app,
          addButton,
          { buttonId: 'B9001', parentId: Button.DEALER_MANAGE, name: 'Export dealers' },
          platform,
        )
      ).body.error_code,
    ).toBe(0);
    expect(
      (await call(t.app, addButton, { buttonId: 'B9001', parentId: '', name: 'Again' }, platform)).body.error_code,
    ).toBe(ErrorCode.BUTTON_ID_TAKEN);
    expect(
      (await call(t.app, addButton, { buttonId: 'B9002', parentId: 'NOPE', name: 'x' }, platform)).body.error_code,
    ).toBe(ErrorCode.NOT_FOUND);
    expect(find(await treeOf(), 'B9001')).toMatchObject({
      parentId: Button.DEALER_MANAGE,
      label: 'Export dealers',
      grantable: true,
    });
    expect(
      (await call(t.app, renameButton, { buttonId: Button.DEALERS, name: 'Distributors' }, platform)).body.error_code,
    ).toBe(0);
    expect(
      (await call(t.app, moveButton, { buttonId: 'B9001', parentId: Button.DEALERS }, platform)).body.error_code,
    ).toBe(0);
    await syncButtons(t.db);
    const after = await treeOf();
    expect(find(after, Button.DEALERS)?.label).toBe('Distributors');
    expect(find(after, 'B9001')?.parentId).toBe(Button.DEALERS);
  });

  it('refuses moving a button under itself or its children', async () => {
    expect(
      (await call(t.app, moveButton, { buttonId: Button.DEALER_MANAGE, parentId: Button.DEALERS }, platform)).body,
    ).toMatchObject({ error_code: ErrorCode.BUTTON_CYCLE });
    expect(
      (await call(t.app, moveButton, { buttonId: Button.DEALER_MANAGE, parentId: Button.DEALER_MANAGE }, platform)).body
        .error_code,
    ).toBe(ErrorCode.BUTTON_CYCLE);
  });

  it("deletes only after the delete word (the button's id); 'input error' otherwise; not with children", async () => {
    await call(t.app, addButton, { buttonId: 'B9100', parentId: '', name: 'Temporary' }, platform);
    expect(
      (await call(t.app, deleteButton, { buttonId: 'B9100', deleteWord: 'Temporary' }, platform)).body,
    ).toMatchObject({ error_code: ErrorCode.DELETE_WORD_MISMATCH, error_msg: 'Input error' });
    expect(
      (await call(t.app, deleteButton, { buttonId: 'B9100' }, { ...platform, language: 'zh_CN' })).body.error_msg,
    ).toBe('输入错误');
    expect(
      (await call(t.app, deleteButton, { buttonId: Button.DEALER_MANAGE, deleteWord: Button.DEALER_MANAGE }, platform))
        .body.error_code,
    ).toBe(ErrorCode.BUTTON_HAS_CHILDREN);
    expect(
      (await call(t.app, deleteButton, { buttonId: 'B9100', deleteWord: 'B9100' }, platform)).body.error_code,
    ).toBe(0);
    expect(find(await treeOf(), 'B9100')).toBeUndefined();
  });

  it('lets only the level-0 company open the button page and change the shared tree', async () => {
    const below = { sessionid: tree.callerSession, dealersId: tree.caller.dealerId };
    expect((await call(t.app, roleButtonTree, {}, below)).body.error_code).toBe(0);
    for (const [entry, body] of [
      [getButtonTree, {}],
      [addButton, { buttonId: 'B9200', name: 'x' }],
      [renameButton, { buttonId: Button.HOME, name: 'x' }],
      [moveButton, { buttonId: Button.HOME }],
      [deleteButton, { buttonId: Button.HOME, deleteWord: Button.HOME }],
    ] as const) {
      expect((await call(t.app, entry, body, below)).body.error_code).toBe(ErrorCode.PERMISSION_DENIED);
    }
  });
});
