import { useMutation } from '@tanstack/react-query';
import { decodeFrameCall } from '@dcc/contract';
import { call } from '../../../api/client.ts';

/** Decodes a hex frame with a version's point table; an undecodable frame is an answer (ok false), not an error. */
export function useDecodeFrame() {
  return useMutation({
    mutationFn: ({ versionId, hex }: { versionId: string; hex: string }) => call(decodeFrameCall, { versionId, hex }),
  });
}
