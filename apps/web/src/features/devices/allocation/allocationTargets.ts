import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listCustomerTargets, listMoveTargets } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { useSession } from '../../../session/session.ts';

export interface TargetOption {
  value: string;
  label: string;
}

/**
 * Where devices may be moved, matching the typed text, as select options: the current company itself
 * first (devices come back from a sub-dealer), then its subtree; `exceptDealerId` (a device's owner) is left out.
 */
export function useMoveTargetOptions(
  keyword: string,
  exceptDealerId?: string,
): { options: TargetOption[]; loading: boolean } {
  const { t } = useTranslation();
  const { dealersId } = useSession();
  const targets = useQuery({
    queryKey: ['device', 'moveTargets', keyword],
    queryFn: () => call(listMoveTargets, { keyword }),
  });
  const options = (targets.data?.list ?? [])
    .filter((dealer) => dealer.dealersId !== exceptDealerId)
    .map((dealer) => ({
      value: dealer.dealersId,
      label:
        dealer.dealersId === dealersId
          ? t('dealers.currentCompany', { name: dealer.dealersName })
          : `${dealer.dealersName} (${dealer.dealersCode})`,
    }));
  return { options, loading: targets.isFetching };
}

/** The end customers of the subtree a device may be allocated to, matching the typed text, as select options. */
export function useCustomerTargetOptions(
  keyword: string,
  enabled: boolean,
): { options: TargetOption[]; loading: boolean } {
  const targets = useQuery({
    queryKey: ['device', 'customerTargets', keyword],
    queryFn: () => call(listCustomerTargets, { keyword }),
    enabled,
  });
  const options = (targets.data?.list ?? []).map((customer) => ({
    value: customer.customerId,
    label: `${customer.userName} (${customer.phone})`,
  }));
  return { options, loading: targets.isFetching };
}
