import { protocolPaths } from '../../../protocols/paths.ts';

/** The frame inspector's path with a packet to decode at once: the protocol version and the frame's hex (the inspector reads both from the query). */
export function frameInspectorLink(versionId: string, hex: string): string {
  return `${protocolPaths.frameInspector()}?${new URLSearchParams({ versionId, hex }).toString()}`;
}
