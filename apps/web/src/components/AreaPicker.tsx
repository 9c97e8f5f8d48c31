import { useEffect, useMemo, useState } from 'react';
import { Cascader } from 'antd';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryNationInfo, type NationNode } from '@dcc/contract';
import { call } from '../api/client.ts';
import { useLocalName } from '../i18n/useLocalName.ts';

/** A division as loaded; its label is chosen at render, so a language switch needs no new fetch. */
interface AreaNode {
  value: string;
  names: [chinese: string, english: string];
  isLeaf: boolean;
  children?: AreaNode[];
}
interface AreaOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: AreaOption[];
}

/** GB/T 2260: a city code XXYY00 belongs to the province XX0000. */
export const provinceOf = (code: string): string => `${code.slice(0, 2)}0000`;
const isProvince = (code: string) => code.endsWith('0000');

/** One code as a cascader path: [province] or [province, city]. */
export const areaPath = (code: string): string[] => (isProvince(code) ? [code] : [provinceOf(code), code]);

// Divisions do not change while the console runs: fetch each level once.
const nationNodes = (queryClient: QueryClient, parentId: string) =>
  queryClient.fetchQuery({ queryKey: ['nation', parentId], queryFn: () => call(queryNationInfo, { parentId }), staleTime: Infinity });

const toNode = (node: NationNode, leaf: boolean): AreaNode => ({ value: node.id, names: [node.name, node.nameEn], isLeaf: leaf || !node.hasChildren });

interface CommonProps {
  placeholder?: string;
  testId?: string;
  disabled?: boolean;
}
interface SingleProps extends CommonProps {
  multiple?: false;
  /** [provinceCode] or [provinceCode, cityCode]. */
  value?: string[];
  onChange?(value: string[]): void;
}
interface MultipleProps extends CommonProps {
  multiple: true;
  /** Province and city codes; a province stands for all its cities. */
  value?: string[];
  onChange?(value: string[]): void;
}

/** Province/city picker over queryNationInfo, loading cities when a province opens; one area or several. */
export function AreaPicker(props: SingleProps | MultipleProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const nameOf = useLocalName();
  const [nodes, setNodes] = useState<AreaNode[]>([]);
  const options = useMemo(() => {
    const label = (node: AreaNode): AreaOption => ({ value: node.value, label: nameOf(...node.names), isLeaf: node.isLeaf, children: node.children?.map(label) });
    return nodes.map(label);
  }, [nodes, nameOf]);
  const value = props.value ?? [];
  const wanted = [...new Set(value.filter((code) => code && !isProvince(code)).map(provinceOf))].join(',');

  useEffect(() => {
    let live = true;
    // Provinces first, then the cities of the provinces the value already names, so their labels show.
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

  const loadData = async (selected: AreaOption[]) => {
    const province = selected[selected.length - 1];
    if (!province || province.children) return;
    const cities = (await nationNodes(queryClient, province.value)).map((node) => toNode(node, true));
    setNodes((current) => current.map((node) => (node.value === province.value ? { ...node, children: cities } : node)));
  };

  const common = {
    options,
    loadData: (selected: AreaOption[]) => void loadData(selected),
    placeholder: props.placeholder ?? t('org.area.placeholder'),
    disabled: props.disabled,
    // Disabled is how details show an area: as text, not as a greyed field.
    variant: props.disabled ? ('borderless' as const) : undefined,
    showSearch: false,
    style: { width: '100%' },
    'data-testid': props.testId ?? 'area-picker',
  };
  if (props.multiple) {
    return (
      <Cascader
        {...common}
        multiple
        showCheckedStrategy={Cascader.SHOW_PARENT}
        maxTagCount="responsive"
        value={value.map(areaPath)}
        onChange={(paths: (string | number)[][]) => props.onChange?.(paths.map((path) => String(path[path.length - 1])))}
      />
    );
  }
  return (
    <Cascader<AreaOption>
      {...common}
      changeOnSelect
      value={value.length > 0 ? value : undefined}
      onChange={(path: (string | number)[] | undefined) => props.onChange?.((path ?? []).map(String))}
    />
  );
}
