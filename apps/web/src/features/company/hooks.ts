import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { getAllButtonRoles, getDealersByUser, grantableButtons, parseButtonList, type Enterprise } from '@dcc/contract';
import { call } from '../../api/client.ts';
import { setCompany } from '../../session/session.ts';

export const companiesKey = ['companies'] as const;

/** The companies the signed-in account belongs to, asked afresh whenever the switcher opens (membership changes). */
export function useCompanies(enabled = true) {
  return useQuery({ queryKey: companiesKey, queryFn: () => call(getDealersByUser, {}), enabled, staleTime: 0 });
}

/** Fetches the companies once, for the sign-in flow. */
export function useFetchCompanies() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.fetchQuery({ queryKey: companiesKey, queryFn: () => call(getDealersByUser, {}), staleTime: 0 });
}

/** Makes a company current: loads its permission buttons (those its level may hold), stores both, and opens /company. */
export function useEnterCompany() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (company: Enterprise) => {
      const list = await call(getAllButtonRoles, { dealersId: company.dealersId });
      // Below the platform the platform-only buttons never count (the server's rule), so no menu entry or button shows for them.
      return { company, buttons: grantableButtons(company.level, parseButtonList(list)) };
    },
    onSuccess: ({ company, buttons }) => {
      setCompany(company, buttons);
      // Data of the previous company must not show in the new one.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== companiesKey[0] });
      void navigate('/company');
    },
  });
}
