import { useEffect } from 'react';
import { Modal } from 'antd';
import type { ModalRequest } from './lazyModal.ts';

/** antd's Modal, loaded with the first dialog asked for: opens every dialog asked for so far. */
export default function ModalHost({ requested, take }: { requested: number; take: () => ModalRequest[] }) {
  const [modal, holder] = Modal.useModal();
  useEffect(() => {
    for (const { kind, config } of take()) void modal[kind](config);
  }, [requested, take, modal]);
  return holder;
}
