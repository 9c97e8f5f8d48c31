import { useMemo } from 'react';
import { Cascader } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocalName } from '../i18n/useLocalName.ts';
import { areaPath, groupsChildrenOf, nationNodes, toNode, useAreaNodes, type AreaNode } from './areaNodes.ts';

interface AreaOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: AreaOption[];
}

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
  const value = props.value ?? [];
  const [nodes, setNodes] = useAreaNodes(value);
  const options = useMemo(() => {
    const label = (node: AreaNode): AreaOption => ({
      value: node.value,
      label: nameOf(...node.names),
      isLeaf: node.isLeaf,
      children: node.children?.map(label),
    });
    return nodes.map(label);
  }, [nodes, nameOf]);

  const loadData = async (selected: AreaOption[]) => {
    const province = selected[selected.length - 1];
    if (!province || province.children) return;
    const cities = (await nationNodes(queryClient, province.value)).map((node) => toNode(node, true));
    setNodes((current) =>
      current.map((node) => (node.value === province.value ? { ...node, children: cities } : node)),
    );
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
        onChange={(paths: (string | number)[][]) =>
          props.onChange?.(paths.map((path) => String(path[path.length - 1])))
        }
      />
    );
  }
  // A municipality's city level, which no option holds, reads as the municipality rather than as its code.
  const displayRender = (labels: string[], selected?: AreaOption[]) =>
    labels
      .map((label, index) =>
        index === 1 && !selected?.[1] && groupsChildrenOf(selected?.[0], label) ? labels[0] : label,
      )
      .join(' / ');
  return (
    <Cascader<AreaOption>
      {...common}
      changeOnSelect
      displayRender={displayRender}
      value={value.length > 0 ? value : undefined}
      onChange={(path: (string | number)[] | undefined) => props.onChange?.((path ?? []).map(String))}
    />
  );
}
