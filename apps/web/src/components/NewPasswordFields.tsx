import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordField } from '@dcc/contract';
import { sameAsRule, zodRule } from './zodRule.ts';

/** New password and its confirmation, checked with the contract's password rule. */
export function NewPasswordFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="password" label={t('password.new')} rules={[zodRule(passwordField)]} extra={t('password.rule')}>
        <Input.Password autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label={t('password.confirm')} dependencies={['password']} rules={[sameAsRule('password')]}>
        <Input.Password autoComplete="new-password" data-testid="confirm-password" />
      </Form.Item>
    </>
  );
}
