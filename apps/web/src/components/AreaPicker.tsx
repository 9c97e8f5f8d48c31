import { useEffect, useState } from 'react';
import { Cascader } from 'antd';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryNationInfo, type NationNode } from '@dcc/contract';
import { call } from '../api/client.ts';

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

const toOption = (node: NationNode, leaf: boolean): AreaOption => ({ value: node.id, label: node.name, isLeaf: leaf || !node.hasChildren });

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
  const [options, setOptions] = useState<AreaOption[]>([]);
  const value = props.value ?? [];
  const wanted = [...new Set(value.filter((code) => code && !isProvince(code)).map(provinceOf))].join(',');

  useEffect(() => {
    let live = true;
    // Provinces first, then the cities of the provinces the value already names, so their labels show.
    void (async () => {
      const provinces = (await nationNodes(queryClient, '')).map((node) => toOption(node, false));
      const opened = wanted ? wanted.split(',') : [];
      await Promise.all(
        provinces
          .filter((province) => opened.includes(province.value))
          .map(async (province) => {
            province.children = (await nationNodes(queryClient, province.value)).map((node) => toOption(node, true));
          }),
      );
      if (live) setOptions(provinces);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [queryClient, wanted]);

  const loadData = async (selected: AreaOption[]) => {
    const province = selected[selected.length - 1];
    if (!province || province.children) return;
    const cities = (await nationNodes(queryClient, province.value)).map((node) => toOption(node, true));
    setOptions((current) => current.map((option) => (option.value === province.value ? { ...option, children: cities } : option)));
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
