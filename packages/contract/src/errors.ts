/** Every error_code the server answers, with the message key of its text in the catalogs. */
export const ErrorCode = {
  OK: 0,
  /** Generic failure whose message is passed through (spec: -1 with an expired-login message). */
  FAILED: -1,
  /** The account signed in elsewhere; this session is over (one live session per account). */
  LOGGED_IN_ELSEWHERE: -100,
  /** Answered with HTTP 401: session missing, expired by idleness or by its maximum age. */
  SESSION_EXPIRED: 401,
  BAD_REQUEST: 1001,
  UNKNOWN_CALL: 1002,
  BODY_TOO_LARGE: 1003,
  NOT_JSON: 1004,
  RATE_LIMITED: 1005,
  ACCOUNT_LOCKED: 2001,
  WRONG_PASSWORD: 2002,
  ACCOUNT_NOT_FOUND: 2003,
  CODE_INVALID: 2004,
  CODE_TOO_FREQUENT: 2005,
  CUSTOMER_IDENTITY: 2006,
  PASSWORD_CHANGE_REQUIRED: 2007,
  ACCESS_KEY_INVALID: 2008,
  NOT_A_MEMBER: 2009,
  PLATFORM_NO_USER: 2010,
  OLD_PASSWORD_WRONG: 2011,
  MERCHANT_IDENTITY: 2012,
  PERMISSION_DENIED: 3001,
  NOT_FOUND: 3002,
  // People records (issue 3).
  PHONE_EXISTS: 3201,
  USER_NAME_EXISTS: 3202,
  DEPARTMENT_CODE_EXISTS: 3203,
  DEPARTMENT_IN_USE: 3204,
  UPLOAD_FAILED: 4001,
  INTERNAL: 5000,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Catalog key of the default message for each error code. */
export const ERROR_MESSAGE_KEYS: Record<ErrorCodeValue, string> = {
  [ErrorCode.OK]: 'error.ok',
  [ErrorCode.FAILED]: 'error.operationFailed',
  [ErrorCode.LOGGED_IN_ELSEWHERE]: 'error.loggedInElsewhere',
  [ErrorCode.SESSION_EXPIRED]: 'error.sessionExpired',
  [ErrorCode.BAD_REQUEST]: 'error.badRequest',
  [ErrorCode.UNKNOWN_CALL]: 'error.unknownCall',
  [ErrorCode.BODY_TOO_LARGE]: 'error.bodyTooLarge',
  [ErrorCode.NOT_JSON]: 'error.notJson',
  [ErrorCode.RATE_LIMITED]: 'error.rateLimited',
  [ErrorCode.ACCOUNT_LOCKED]: 'error.accountLocked',
  [ErrorCode.WRONG_PASSWORD]: 'error.wrongPassword',
  [ErrorCode.ACCOUNT_NOT_FOUND]: 'error.accountNotFound',
  [ErrorCode.CODE_INVALID]: 'error.codeInvalid',
  [ErrorCode.CODE_TOO_FREQUENT]: 'error.codeTooFrequent',
  [ErrorCode.CUSTOMER_IDENTITY]: 'error.customerIdentity',
  [ErrorCode.PASSWORD_CHANGE_REQUIRED]: 'error.passwordChangeRequired',
  [ErrorCode.ACCESS_KEY_INVALID]: 'error.accessKeyInvalid',
  [ErrorCode.NOT_A_MEMBER]: 'error.notAMember',
  [ErrorCode.PLATFORM_NO_USER]: 'error.platformNoUser',
  [ErrorCode.OLD_PASSWORD_WRONG]: 'error.oldPasswordWrong',
  [ErrorCode.MERCHANT_IDENTITY]: 'error.merchantIdentity',
  [ErrorCode.PERMISSION_DENIED]: 'error.permissionDenied',
  [ErrorCode.NOT_FOUND]: 'error.notFound',
  [ErrorCode.PHONE_EXISTS]: 'people.error.phoneExists',
  [ErrorCode.USER_NAME_EXISTS]: 'people.error.userNameExists',
  [ErrorCode.DEPARTMENT_CODE_EXISTS]: 'people.error.departmentCodeExists',
  [ErrorCode.DEPARTMENT_IN_USE]: 'people.error.departmentInUse',
  [ErrorCode.UPLOAD_FAILED]: 'error.uploadFailed',
  [ErrorCode.INTERNAL]: 'error.operationFailed',
};

/**
 * HTTP status the server answers with each error (the body is always the envelope).
 * Codes not listed answer HTTP 200: the console shows error_msg from the envelope.
 */
export const ERROR_HTTP_STATUS: Partial<Record<ErrorCodeValue, number>> = {
  [ErrorCode.SESSION_EXPIRED]: 401,
  [ErrorCode.BAD_REQUEST]: 400,
  [ErrorCode.UNKNOWN_CALL]: 404,
  [ErrorCode.BODY_TOO_LARGE]: 413,
  [ErrorCode.NOT_JSON]: 400,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.INTERNAL]: 500,
};
