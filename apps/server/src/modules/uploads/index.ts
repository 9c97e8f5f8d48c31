// The public surface of the uploads module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { assertIssuedUpload, uploaderOf, type UploadOwner } from './issued.ts';
export { readMultipartUpload } from './multipart.ts';
export { parseUploadUrl } from './links.ts';
