import { useMutation } from '@tanstack/react-query';
import { forgetPwd, type CallRequest } from '@dcc/contract';
import { call } from '../../../api/client.ts';

/** Sets a new password with an SMS code (the new password travels as typed; the server enforces the rule). */
export function useForgetPassword() {
  return useMutation({ mutationFn: (body: CallRequest<typeof forgetPwd>) => call(forgetPwd, body) });
}
