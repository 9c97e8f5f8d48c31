/** Image kinds we accept, recognised by their first bytes (never by name or declared type). */
const SIGNATURES = [
  { extension: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { extension: 'jpg', bytes: [0xff, 0xd8, 0xff] },
] as const;

export type ImageExtension = (typeof SIGNATURES)[number]['extension'];

/** The extension of a png or jpeg by its magic bytes, or null for anything else. */
export function imageExtensionOf(bytes: Buffer): ImageExtension | null {
  const match = SIGNATURES.find((signature) => signature.bytes.every((byte, index) => bytes[index] === byte));
  return match?.extension ?? null;
}
