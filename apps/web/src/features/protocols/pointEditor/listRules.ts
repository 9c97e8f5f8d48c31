import i18n from '../../../i18n/index.ts';

/** A Form.List rule: at least one row (section 5: at least one group, none empty); each list shows only while its kind is in use. */
export const atLeastOne = (key: string) => ({
  validator: async (_rule: unknown, items: unknown[] | undefined) => {
    if ((items?.length ?? 0) === 0) throw new Error(i18n.t(key));
  },
});
