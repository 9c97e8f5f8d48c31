import { Space, Tag } from 'antd';
import { useLocalName } from '../i18n/useLocalName.ts';
import { useAreaNodes, type AreaNode } from './areaNodes.ts';

interface Props {
  /** Province and city codes. */
  codes: readonly string[];
  testId?: string;
}

/** Division codes as tags of their names in the console's language (as the area picker names them), for tables. */
export function AreaTags({ codes, testId }: Props) {
  const [nodes] = useAreaNodes(codes);
  const nameOf = useLocalName();
  const named = new Map<string, AreaNode>();
  for (const node of nodes) for (const each of [node, ...(node.children ?? [])]) named.set(each.value, each);
  return (
    <Space size={[0, 4]} wrap data-testid={testId}>
      {codes.map((code) => {
        const node = named.get(code);
        return <Tag key={code}>{node ? nameOf(...node.names) : code}</Tag>;
      })}
    </Space>
  );
}
