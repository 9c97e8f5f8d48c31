/** Where the protocol pages live (the menu entry of B154). */
export const PROTOCOL_BASE = '/company/productManage/protocalManage';

/** The console paths of the protocol pages; the detail remembers the chosen version in `?version=`. */
export const protocolPaths = {
  list: () => PROTOCOL_BASE,
  detail: (protocolId: string, versionId?: string) =>
    `${PROTOCOL_BASE}/protocalDetail/${protocolId}${versionId ? `?version=${versionId}` : ''}`,
  pointAdd: (protocolId: string, versionId: string) =>
    `${PROTOCOL_BASE}/protocalDetail/${protocolId}/pointAdd/${versionId}`,
  pointDetail: (protocolId: string, pointId: string) =>
    `${PROTOCOL_BASE}/protocalDetail/${protocolId}/pointDetail/${pointId}`,
  pointHistory: (protocolId: string, versionId: string) =>
    `${PROTOCOL_BASE}/protocalDetail/${protocolId}/pointHistory/${versionId}`,
  pointHistoryDetail: (protocolId: string, historyId: string) =>
    `${PROTOCOL_BASE}/protocalDetail/${protocolId}/pointHistoryDetail/${historyId}`,
  frameInspector: () => `${PROTOCOL_BASE}/frameInspector`,
};
