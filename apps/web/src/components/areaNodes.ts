import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryNationInfo, type NationNode } from '@dcc/contract';
import { call } from '../api/client.ts';

/** A division as loaded; its label is chosen at render, so a language switch needs no new fetch. */
export interface AreaNode {
  value: string;
  names: [chinese: string, english: string];
  isLeaf: boolean;
  children?: AreaNode[];
}

/** GB/T 2260: a city code XXYY00 belongs to the province XX0000. */
export const provinceOf = (code: string): string => `${code.slice(0, 2)}0000`;
export const isProvinceCode = (code: string) => code.endsWith('0000');

/**
 * A city-level code (XXYY00) that is no division of the province yet groups some of its children: a
 * municipality lists districts at the second level, and the device filter names their city level (110101 -> 110100).
 */
export const groupsChildrenOf = (
  province: { children?: ReadonlyArray<{ value: string }> } | undefined,
  code: string,
): boolean =>
  /^\d{4}00$/.test(code) &&
  (province?.children ?? []).some((child) => child.value !== code && child.value.startsWith(code.slice(0, 4)));

/** One code as a cascader path: [province] or [province, city]. */
export const areaPath = (code: string): string[] => (isProvinceCode(code) ? [code] : [provinceOf(code), code]);

// Divisions do not change while the console runs: fetch each level once.
export const nationNodes = (queryClient: QueryClient, parentId: string) =>
  queryClient.fetchQuery({
    queryKey: ['nation', parentId],
    queryFn: () => call(queryNationInfo, { parentId }),
    staleTime: Infinity,
  });

export const toNode = (node: NationNode, leaf: boolean): AreaNode => ({
  value: node.id,
  names: [node.name, node.nameEn],
  isLeaf: leaf || !node.hasChildren,
});

/** The provinces, with the cities of the provinces `codes` name already loaded (so their names show). */
export function useAreaNodes(codes: readonly string[]): [AreaNode[], Dispatch<SetStateAction<AreaNode[]>>] {
  const queryClient = useQueryClient();
  const [nodes, setNodes] = useState<AreaNode[]>([]);
  const wanted = [...new Set(codes.filter((code) => code && !isProvinceCode(code)).map(provinceOf))].join(',');

  useEffect(() => {
    let live = true;
    void (async () => {
      const provinces = (await nationNodes(queryClient, '')).map((node) => toNode(node, false));
      const opened = wanted ? wanted.split(',') : [];
      await Promise.all(
        provinces
          .filter((province) => opened.includes(province.value))
          .map(async (province) => {
            province.children = (await nationNodes(queryClient, province.value)).map((node) => toNode(node, true));
          }),
      );
      if (live) setNodes(provinces);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [queryClient, wanted]);
  return [nodes, setNodes];
}
