import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordField } from '@dcc/contract';
import { differentFromRule, sameAsRule, zodRule } from './zodRule.ts';

/**
 * New password and its confirmation, checked with the contract's password rule; with
 * `currentField` (a password change), the new password must differ from the current one.
 */
export function NewPasswordFields({ currentField }: { currentField?: string }) {
  const { t } = useTranslation();
  const rules = currentField ? [zodRule(passwordField), differentFromRule(currentField)] : [zodRule(passwordField)];
  return (
    <>
      <Form.Item
        name="password"
        label={t('password.new')}
        rules={rules}
        dependencies={currentField ? [currentField] : undefined}
        extra={t('password.rule')}
      >
        <Input.Password autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('password.confirm')}
        dependencies={['password']}
        rules={[sameAsRule('password')]}
      >
        <Input.Password autoComplete="new-password" data-testid="confirm-password" />
      </Form.Item>
    </>
  );
}
