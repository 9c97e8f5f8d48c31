import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { dealerEditable, type DealerItem } from '@dcc/contract';
import { AreaPicker } from '../../../components/AreaPicker.tsx';
import { ImageUpload } from '../../../components/ImageUpload.tsx';
import type { FormFieldOf } from '../../../components/useFormSubmit.ts';
import { refusesEmpty, zodRule } from '../../../components/zodRule.ts';
import i18n from '../../../i18n/index.ts';
import type { DealerDraft } from '../hooks.ts';

/** What the dealer form holds: the editable fields, with the area as one cascader path. */
export type DealerFormValues = Omit<DealerDraft, 'provinceCode' | 'cityCode'> & { area: string[] };

const field = dealerEditable.shape;

/** The form's values for an existing dealer. */
export const toFormValues = (dealer: DealerItem): DealerFormValues => ({
  dealersName: dealer.dealersName,
  dealersCode: dealer.dealersCode,
  contactName: dealer.contactName,
  contactPhone: dealer.contactPhone,
  contactEmail: dealer.contactEmail,
  area: [dealer.provinceCode, dealer.cityCode].filter(Boolean),
  address: dealer.address,
  licenceImg: dealer.licenceImg,
  dealersType: dealer.dealersType,
});

/** The request fields for the form's values. */
export function toDraft({ area, ...values }: DealerFormValues): Omit<DealerDraft, 'parentId'> {
  return {
    ...values,
    contactEmail: values.contactEmail ?? '',
    address: values.address ?? '',
    licenceImg: values.licenceImg ?? '',
    dealersType: values.dealersType ?? '',
    provinceCode: area[0] ?? '',
    cityCode: area[1] ?? '',
  };
}

/** The dealer form field of a refused request field: province and city are the one area picker. */
export const dealerFieldOf: FormFieldOf = (field) =>
  field === 'provinceCode' || field === 'cityCode' ? ['area'] : field ? field.split('.') : null;

// The province is required; the city may stay empty (municipalities).
const areaRule = {
  required: refusesEmpty(field.provinceCode),
  validator: async (_rule: unknown, value?: string[]) => {
    const result = field.provinceCode.safeParse(value?.[0] ?? '');
    if (!result.success) throw new Error(i18n.t(result.error.issues[0]?.message ?? 'validation.invalid'));
  },
};

/** The dealer's editable fields, checked with the contract's rules. */
export function DealerFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="dealersName" label={t('dealers.name')} rules={[zodRule(field.dealersName)]}>
        <Input maxLength={50} data-testid="dealer-name" />
      </Form.Item>
      <Form.Item name="dealersCode" label={t('dealers.code')} rules={[zodRule(field.dealersCode)]}>
        <Input maxLength={32} data-testid="dealer-code" />
      </Form.Item>
      <Form.Item name="dealersType" label={t('dealers.type')} rules={[zodRule(field.dealersType)]}>
        <Input maxLength={32} data-testid="dealer-type" />
      </Form.Item>
      <Form.Item name="contactName" label={t('dealers.contactName')} rules={[zodRule(field.contactName)]}>
        <Input maxLength={32} data-testid="dealer-contact-name" />
      </Form.Item>
      <Form.Item
        name="contactPhone"
        label={t('dealers.contactPhone')}
        extra={t('dealers.contactPhoneHint')}
        rules={[zodRule(field.contactPhone)]}
      >
        <Input maxLength={11} data-testid="dealer-contact-phone" />
      </Form.Item>
      <Form.Item name="contactEmail" label={t('dealers.contactEmail')} rules={[zodRule(field.contactEmail)]}>
        <Input maxLength={64} data-testid="dealer-contact-email" />
      </Form.Item>
      <Form.Item name="area" label={t('dealers.area')} rules={[areaRule]}>
        <AreaPicker testId="dealer-area" />
      </Form.Item>
      <Form.Item name="address" label={t('dealers.address')} rules={[zodRule(field.address)]}>
        <Input maxLength={200} data-testid="dealer-address" />
      </Form.Item>
      <Form.Item name="licenceImg" label={t('dealers.licence')} rules={[zodRule(field.licenceImg)]}>
        <ImageUpload label={t('dealers.uploadLicence')} testId="dealer-licence" />
      </Form.Item>
    </>
  );
}
