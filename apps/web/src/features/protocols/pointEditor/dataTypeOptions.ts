import type { DataTypeRecord } from '@dcc/contract';

/** A name pair in the reader's language (useLocalName: the other language, marked, when the record has none). */
type LocalName = (chinese: string, english: string) => string;

/**
 * The point editor's data type choices: 'raw integer' first, then each data type named in the reader's
 * language by the one fallback rule of the console and the server (localName).
 */
export function dataTypeOptions(
  localName: LocalName,
  dataTypes: readonly Pick<DataTypeRecord, 'dataTypeId' | 'dataTypeName' | 'dataTypeEnName'>[],
  rawLabel: string,
): { value: string; label: string }[] {
  return [
    { value: '', label: rawLabel },
    ...dataTypes.map((type) => ({ value: type.dataTypeId, label: localName(type.dataTypeName, type.dataTypeEnName) })),
  ];
}
