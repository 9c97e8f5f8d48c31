import { ALL_BUTTON_IDS } from '@dcc/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import { insertDealer, insertMember, insertRole, insertUser } from '../../src/db/seed/people.ts';
import { demoPasswordHash } from '../factories.ts';
import { loginAs } from '../harness.ts';

/** One company of the matrix tree with a member holding every button there. */
export interface MatrixNode {
  key: string;
  dealerId: string;
  level: number;
  userId: string;
  phone: string;
  memberId: string;
  roleId: string;
}

/**
 * The tree of the isolation matrix:
 *   P (level 0) -> A, B; A -> A1, A2; A1 -> A11; and C, the level-0 root of an unrelated tree.
 * The caller is the member of A1: A is its parent, A2 its sibling, B its parent's sibling,
 * C unrelated (all foreign), A11 its child (in scope).
 */
export interface MatrixTree {
  nodes: Record<'P' | 'A' | 'B' | 'A1' | 'A2' | 'A11' | 'C', MatrixNode>;
  /** The session of the member of A1, acting in A1. */
  callerSession: string;
  caller: MatrixNode;
}

let sequence = 0;

const uniquePhone = (): string =>
  `166${String(Date.now() % 1e5).padStart(5, '0')}${String((sequence += 1) % 1000).padStart(3, '0')}`;

async function addNode(db: Kysely<DB>, key: string, parent: MatrixNode | null, tag: string): Promise<MatrixNode> {
  const level = parent ? parent.level + 1 : 0;
  const dealerId = await insertDealer(db, {
    name: `Matrix ${key} ${tag}`,
    code: `MX-${key}-${tag}`,
    level,
    parentId: parent?.dealerId ?? null,
  });
  const phone = uniquePhone();
  const userId = await insertUser(db, {
    userName: phone,
    realName: `Member of ${key}`,
    identity: 'dealer',
    passwordHash: await demoPasswordHash(),
  });
  const roleId = await insertRole(db, {
    dealerId,
    name: `Everything ${key}`,
    buttons: ALL_BUTTON_IDS,
    viewLevelMax: 5,
  });
  const memberId = await insertMember(db, { dealerId, userId, roleIds: [roleId] });
  return { key, dealerId, level, userId, phone, memberId, roleId };
}

/** Builds a fresh matrix tree (unique names and codes) and signs in the caller of A1. */
export async function buildMatrixTree(app: FastifyInstance, db: Kysely<DB>): Promise<MatrixTree> {
  const tag = `${Date.now().toString(36)}${(sequence += 1)}`;
  const P = await addNode(db, 'P', null, tag);
  const A = await addNode(db, 'A', P, tag);
  const B = await addNode(db, 'B', P, tag);
  const A1 = await addNode(db, 'A1', A, tag);
  const A2 = await addNode(db, 'A2', A, tag);
  const A11 = await addNode(db, 'A11', A1, tag);
  const C = await addNode(db, 'C', null, tag);
  const callerSession = await loginAs(app, A1.phone);
  return { nodes: { P, A, B, A1, A2, A11, C }, callerSession, caller: A1 };
}

/** A new empty dealer (no members, no children) under a node, for calls that remove or move one. */
export async function emptyChild(db: Kysely<DB>, parent: MatrixNode): Promise<string> {
  const tag = `${Date.now().toString(36)}${(sequence += 1)}`;
  return insertDealer(db, {
    name: `Leaf ${tag}`,
    code: `MX-LEAF-${tag}`,
    level: parent.level + 1,
    parentId: parent.dealerId,
  });
}
