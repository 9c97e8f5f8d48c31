import { useEffect, useState } from 'react';
import type { FormInstance } from 'antd';

/**
 * Fills `form` from `record` when it is first read, and again only for another record (`keyOf`): a later read of the
 * same record (asked again after a language switch, a change elsewhere, a slow answer landing late) never overwrites
 * what the user is typing. Answers the record as the form was filled from it: its version is the one a save sends, so a
 * change someone made meanwhile is refused as stale instead of overwritten.
 */
export function useSeededForm<Stored, Values>(
  form: FormInstance<Values>,
  record: Stored | undefined,
  keyOf: (record: Stored) => string,
  toValues: (record: Stored) => Parameters<FormInstance<Values>['setFieldsValue']>[0],
): Stored | undefined {
  const [seeded, setSeeded] = useState<Stored | undefined>(undefined);
  useEffect(() => {
    if (!record || (seeded !== undefined && keyOf(seeded) === keyOf(record))) return;
    form.setFieldsValue(toValues(record));
    setSeeded(record);
  }, [record, seeded, form, keyOf, toValues]);
  return seeded;
}
