import { useEffect, useRef } from 'react';
import type { FormInstance } from 'antd';
import { useSearchParams } from 'react-router-dom';

interface Protocol {
  id: string;
  versions: Array<{ id: string }>;
}

/**
 * A packet handed over in the query (?versionId=..&hex=.., the device communication log's link): once
 * the protocols are known, fills the form with its protocol, version and hex and decodes it, once.
 */
export function usePacketFromQuery(
  protocols: readonly Protocol[] | undefined,
  form: FormInstance,
  decode: (input: { versionId: string; hex: string }) => void,
) {
  const [search] = useSearchParams();
  const done = useRef(false);
  const versionId = search.get('versionId');
  const hex = search.get('hex');
  useEffect(() => {
    if (done.current || !protocols || !versionId || !hex) return;
    done.current = true;
    const protocol = protocols.find((candidate) => candidate.versions.some((version) => version.id === versionId));
    form.setFieldsValue({ protocolId: protocol?.id, versionId: protocol ? versionId : undefined, hex });
    if (protocol) decode({ versionId, hex });
  }, [protocols, versionId, hex, form, decode]);
}
