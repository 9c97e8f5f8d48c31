import type { CallDef } from './call.ts';
import {
  addDataType, addPoint, addProduct, addProtocol, addProtocolVersion, addSeries, deleteDataType, deletePoint, deleteProduct, deleteProtocol,
  deleteProtocolVersion, deleteSeries, importPoints, publishThingModel, saveThingModelDraft, updateDataType, updatePoint, updateProduct,
  updateProtocol, updateProtocolVersion, updateSeries,
} from './calls/catalog.ts';
import { revealProductSecret, setDynamicRegistration } from './calls/devices/registration.ts';
import { ErrorCode, type ErrorCodeValue } from './errors.ts';
import { isPlatformOnlyButton, PLATFORM_LEVEL } from './permissions.ts';

/**
 * The calls that change the catalog (series, data types, products, thing models, protocols, points).
 * Every company whose role holds a catalog button reads the catalog; only the platform changes it.
 * The writes share their buttons with the reads, so the rule is kept per call here rather than per button.
 */
export const CATALOG_WRITES: ReadonlySet<CallDef> = /* @__PURE__ */ new Set<CallDef>([
  addSeries, updateSeries, deleteSeries,
  addDataType, updateDataType, deleteDataType,
  addProduct, updateProduct, deleteProduct,
  saveThingModelDraft, publishThingModel,
  addProtocol, updateProtocol, deleteProtocol, addProtocolVersion, updateProtocolVersion, deleteProtocolVersion,
  addPoint, updatePoint, deletePoint, importPoints,
  setDynamicRegistration, revealProductSecret,
]);

/**
 * The one rule for platform-wide data: why a company of `level` may not make `call`, or null when
 * it may. A platform-only button answers PERMISSION_DENIED (such a button is never held below the
 * platform anyway); a catalog write answers CATALOG_READ_ONLY (the reader holds the button).
 */
export function platformRefusal(call: CallDef, level: number): ErrorCodeValue | null {
  if (level === PLATFORM_LEVEL) return null;
  if (call.button !== null && isPlatformOnlyButton(call.button)) return ErrorCode.PERMISSION_DENIED;
  if (CATALOG_WRITES.has(call)) return ErrorCode.CATALOG_READ_ONLY;
  return null;
}
