import { protocolPaths } from '../../../protocols/paths.ts';

/** The frame inspector's path with a packet to decode at once: the protocol version and the frame's hex (the inspector reads both from the query). */
export function frameInspectorLink(versionId: string, hex: string): string {
  return `${protocolPaths.frameInspector()}?${new URLSearchParams({ versionId, hex }).toString()}`;
}

/** The navigation state of a page that opens another and is returned to by its back button: the page's own address. */
export interface ReturnTo {
  returnTo: string;
}
