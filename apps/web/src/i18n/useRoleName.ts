import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleLabel } from '@dcc/contract';

/** The name a role shows: a built-in role's catalog name in the language shown, else its own. */
export function useRoleName(): (role: RoleLabel) => string {
  const { t } = useTranslation();
  return useCallback((role: RoleLabel) => (role.builtin ? t(`role.builtin.${role.builtin}`) : role.roleName), [t]);
}
