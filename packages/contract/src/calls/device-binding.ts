/** Calls of the barcode binding and MAC mapping screens (issue 11). */
export * from './device-binding/barcode-rules.ts';
export * from './device-binding/barcode-field.ts';
export * from './device-binding/sn-binding.ts';
export * from './device-binding/mac-mapping.ts';
