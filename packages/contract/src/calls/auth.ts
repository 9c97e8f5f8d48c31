import { z } from 'zod';
import { CLOUD_API, CRM_API, defineCall } from '../call.ts';
import { secretField } from '../secret-field.ts';
import {
  accountField,
  optionalEmailField,
  confirmPasswordField,
  passwordDigestField,
  passwordField,
  phoneField,
  realNameField,
  smsCodeField,
  withConfirmPassword,
} from '../validation.ts';

export const loginSourceField = z.enum(['web', 'app', 'pda']).default('web');

export const sessionUser = z.object({
  userId: z.string(),
  realName: z.string(),
  userName: z.string(),
  img: z.string(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const accountChoice = z.object({
  userId: z.string(),
  userName: z.string(),
  realName: z.string(),
  /** Names of the companies the account belongs to, so the chooser can tell accounts apart. */
  companies: z.array(z.string()),
});

/** Answer of every sign-in step: either a session (xtoken), or the list of accounts to pick from. */
export const loginAnswer = z.object({
  xtoken: z.string().nullable(),
  user: sessionUser.nullable(),
  locked: z.boolean(),
  needUpdatePwd: z.boolean(),
  needSelectUser: z.boolean(),
  userList: z.array(accountChoice),
  accessKey: z.string().nullable(),
  /** The platform's time zone (IANA name), in which the console shows, takes and exports every time. */
  timeZone: z.string(),
});
export type LoginAnswer = z.infer<typeof loginAnswer>;
/** A sign-in step's answer before the route adds the platform's time zone. */
export type SignInAnswer = Omit<LoginAnswer, 'timeZone'>;

export const login = defineCall({
  path: `${CLOUD_API}/adminUser/login`,
  description: 'Dealer sign-in by phone and password digest, or by phone and SMS code.',
  auth: 'public',
  button: null,
  request: z
    .object({
      name: accountField,
      password: passwordDigestField.optional(),
      code: smsCodeField.optional(),
      loginSource: loginSourceField,
    })
    .strict()
    .refine((body) => (body.password === undefined) !== (body.code === undefined), {
      message: 'validation.login.passwordOrCode',
      path: ['password'],
    }),
  response: loginAnswer,
});

export const smsPurpose = z.enum(['login', 'resetPwd']);

export const getCode = defineCall({
  path: `${CLOUD_API}/adminUser/getCode`,
  description: 'Sends a 6-digit SMS code (valid 5 minutes, one per 120 s per phone).',
  auth: 'public',
  button: null,
  request: z
    .object({
      name: phoneField,
      purpose: smsPurpose.default('login'),
      userType: z.enum(['dealer', 'user']).default('dealer'),
    })
    .strict(),
  response: z.object({ resendAfterSeconds: z.number().int() }),
});

export const selectUserForLogin = defineCall({
  path: `${CLOUD_API}/adminUser/selectUserForLogin`,
  description: 'Completes sign-in for one of several accounts sharing a phone.',
  auth: 'public',
  button: null,
  request: z
    .object({
      userId: z.string().min(1, 'validation.account.required'),
      accessKey: secretField(z.string().min(1, 'validation.account.required')),
    })
    .strict(),
  response: loginAnswer,
});

export const logout = defineCall({
  path: `${CLOUD_API}/adminUser/logout`,
  description: 'Ends the current session.',
  auth: 'passwordChange',
  button: null,
  request: z.object({}).strict(),
  response: z.null(),
});

export const userType = z.enum(['dealer', 'user']);

export const forgetPwd = defineCall({
  path: `${CLOUD_API}/adminUser/forgetPwd`,
  description: 'Sets a new password after proving the phone with an SMS code (purpose resetPwd).',
  auth: 'public',
  button: null,
  request: withConfirmPassword(
    z
      .object({
        name: phoneField,
        code: smsCodeField,
        password: passwordField,
        confirmPassword: confirmPasswordField,
        userType: userType.default('dealer'),
      })
      .strict(),
  ),
  response: z.null(),
});

/**
 * Password change. `oldPassword` is the md5 digest like at login; the new password travels as
 * typed (over TLS) so that the server can enforce the password rule, then is stored as
 * scrypt(md5(password)) like every other password.
 */
export const updatePwd = defineCall({
  path: `${CLOUD_API}/adminUser/updatePwd`,
  description: 'Changes the password of the signed-in account; the only call allowed while a change is due.',
  auth: 'passwordChange',
  button: null,
  request: withConfirmPassword(
    z
      .object({ oldPassword: passwordDigestField, password: passwordField, confirmPassword: confirmPasswordField })
      .strict(),
  ),
  response: z.null(),
});

export const personalInfo = z.object({
  userId: z.string(),
  userName: z.string(),
  realName: z.string(),
  email: z.string(),
  img: z.string(),
});

export const getPersonalInfo = defineCall({
  path: `${CLOUD_API}/adminUser/getPersonalInfo`,
  description: 'The signed-in account: name, avatar, email.',
  auth: 'session',
  button: null,
  request: z.object({}).strict(),
  response: personalInfo,
});

export const updatePersonalInfo = defineCall({
  path: `${CLOUD_API}/adminUser/updatePersonalInfo`,
  description: 'Changes the name, avatar (an uploaded image URL or empty) and optional email.',
  auth: 'session',
  button: null,
  request: z
    .object({
      realName: realNameField,
      email: optionalEmailField,
      img: z
        .string()
        .max(300)
        .refine((value) => value === '' || value.startsWith('/uploads/'), 'validation.image.url'),
    })
    .strict(),
  response: personalInfo,
});

/** End-customer sign-in through the customer system; the answer's x-token is the session. */
export const customerLogin = defineCall({
  path: `${CRM_API}/app/user/login`,
  description: 'End-customer (identity user) sign-in by user name and password digest.',
  auth: 'public',
  button: null,
  request: z
    .object({
      userName: accountField,
      password: passwordDigestField,
      loginSource: loginSourceField,
      type: z.string().max(20).default('user'),
    })
    .strict(),
  response: z.object({
    'x-token': z.string(),
    user: sessionUser,
    needUpdatePwd: z.boolean(),
    /** As loginAnswer's. */
    timeZone: z.string(),
  }),
});

/** Image upload (multipart/form-data, field `file`): jpg or png, at most 2 MB, checked by content. */
export const uploadImage = defineCall({
  path: `${CLOUD_API}/upload/image`,
  description: 'Stores an image under a server-chosen name and answers its URL.',
  auth: 'session',
  button: null,
  request: z.object({}),
  response: z.object({ url: z.string() }),
});

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
