import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPersonalInfo, updatePersonalInfo, updatePwd, type CallRequest } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { passwordDigest } from '../../../api/passwordDigest.ts';
import { uploadImageFile } from '../../../api/upload.ts';
import { updateSessionUser } from '../../../session/session.ts';

export const profileKey = ['personalInfo'] as const;

/** The signed-in account's name, avatar and email. */
export function useProfile(enabled = true) {
  return useQuery({ queryKey: profileKey, queryFn: () => call(getPersonalInfo, {}), enabled });
}

/** Saves name, avatar and email, and shows them in the header at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof updatePersonalInfo>) => call(updatePersonalInfo, body),
    onSuccess: (info) => {
      queryClient.setQueryData(profileKey, info);
      updateSessionUser({ userId: info.userId, userName: info.userName, realName: info.realName, img: info.img });
    },
  });
}

export interface PasswordChange {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/** Changes the password: the old one travels as md5 like at login, the new one as typed. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: async ({ oldPassword, password, confirmPassword }: PasswordChange) =>
      call(updatePwd, { oldPassword: await passwordDigest(oldPassword), password, confirmPassword }),
  });
}

/** Uploads an avatar image and answers its URL. */
export function useUploadImage() {
  return useMutation({ mutationFn: (file: File) => uploadImageFile(file) });
}
