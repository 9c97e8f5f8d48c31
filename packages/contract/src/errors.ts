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
  /** An edit carried a version older than the stored record's: someone else changed it (reload). */
  STALE_VERSION: 1006,
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
  /** Unknown account, wrong password, or an account locked after wrong passwords: one answer for all three (issue 8, item 6). */
  SIGN_IN_FAILED: 2013,
  /** A password change whose new password is the current one (forced change and account settings alike). */
  NEW_PASSWORD_IS_CURRENT: 2014,
  PERMISSION_DENIED: 3001,
  NOT_FOUND: 3002,
  // People records (issue 3).
  PHONE_EXISTS: 3201,
  USER_NAME_EXISTS: 3202,
  DEPARTMENT_CODE_EXISTS: 3203,
  DEPARTMENT_IN_USE: 3204,
  // Organization (issue 3).
  DEALER_HAS_SUB_DEALERS: 3101,
  DEALER_HAS_MEMBERS: 3102,
  DEALER_LEVEL_EXCEEDED: 3103,
  DEALER_CYCLE: 3104,
  DEALER_CODE_TAKEN: 3105,
  AREA_UNKNOWN: 3106,
  IMAGE_UNKNOWN: 3107,
  DEALER_HAS_RECORDS: 3108,
  /** Delete: the dealer owns devices or projects (issue 21). params: devices, projects (their counts). */
  DEALER_HAS_DEVICES: 3109,
  ACCOUNT_MISSING: 3110,
  ALREADY_MEMBER: 3111,
  ROLE_NOT_ASSIGNABLE: 3112,
  BUTTON_NOT_HELD: 3113,
  ROLE_CONTENT_EMPTY: 3114,
  ROLE_IN_USE: 3115,
  PHONE_IS_CUSTOMER: 3116,
  BUTTON_ID_TAKEN: 3120,
  BUTTON_HAS_CHILDREN: 3121,
  DELETE_WORD_MISMATCH: 3122,
  BUTTON_CYCLE: 3123,
  /** A role of a company below the platform was given a platform-only button (notices, button tree, system management); params: buttons (the refused ids). */
  BUTTON_PLATFORM_ONLY: 3130,
  // Accounts across companies (issue 8).
  /** The target account holds buttons the caller does not hold (edit, remove, password reset). */
  TARGET_OUTRANKS: 3140,
  /** The company's admin account: its roles change and it leaves only by someone acting from an ancestor company. */
  COMPANY_ADMIN_PROTECTED: 3141,
  INVITATION_PENDING: 3142,
  /** The invitation was answered, withdrawn, expired, or its roles are gone. */
  INVITATION_GONE: 3143,
  CATALOG_READ_ONLY: 3301,
  SERIES_NAME_TAKEN: 3302,
  SERIES_IN_USE: 3303,
  DATA_TYPE_NAME_TAKEN: 3304,
  DATA_TYPE_IN_USE: 3305,
  /** params: field (translated field name), detail (the parser's message). */
  FORMULA_INVALID: 3306,
  PRODUCT_NAME_TAKEN: 3307,
  /** English names are unique like the Chinese ones (issue 20): compared without case, an empty one claims nothing. */
  SERIES_EN_NAME_TAKEN: 7410,
  DATA_TYPE_EN_NAME_TAKEN: 7411,
  PRODUCT_EN_NAME_TAKEN: 7412,
  NOT_THING_MODEL: 3308,
  DATA_FORMAT_FIXED: 3309,
  PROTOCOL_CODE_TAKEN: 3310,
  PROTOCOL_IN_USE: 3311,
  VERSION_NAME_TAKEN: 3312,
  VERSION_LAST: 3313,
  /** params: detail (the point, the field and what is wrong, translated). */
  POINT_INVALID: 3314,
  TOO_MANY_POINTS: 3315,
  /** The envelope's objectResult carries { problems, problemCount } (calls/catalog/point-excel.ts). */
  POINT_IMPORT_INVALID: 3316,
  /** Not .xls/.xlsx, over 10 MB, unreadable, or no point sheet. params: reason. */
  IMPORT_FILE_INVALID: 3317,
  /** A product devices are registered under (issue 21). params: count (its devices). */
  PRODUCT_IN_USE: 3318,
  /** The version devices read their frames with: the newest of a protocol whose products have devices. params: count. */
  PROTOCOL_VERSION_IN_USE: 3319,
  UPLOAD_FAILED: 4001,
  /** An /uploads/ link without a valid signature or past its expiry (HTTP 403). */
  UPLOAD_LINK_INVALID: 4002,
  /** An image field names a file the upload call did not issue to this caller or company. */
  UPLOAD_NOT_ISSUED: 4003,
  /** The company's uploads would exceed its storage cap. params: max (MB). */
  UPLOAD_QUOTA_EXCEEDED: 4004,
  INTERNAL: 5000,
  /** The database cannot be reached (restart, failover, refused connections): answered at once with HTTP 503, never a hanging call. */
  DATABASE_UNAVAILABLE: 5001,
  // Device registry (issue 10): 6500-6509.
  DEVICE_CODE_TAKEN: 6500,
  DEVICE_SN_TAKEN: 6501,
  /** The product of a new device does not exist. */
  PRODUCT_UNKNOWN: 6502,
  // Device commands, moves and imports (issue 10): 6550-6579.
  DEVICE_LOCKED: 6550,
  DEVICE_OFFLINE: 6551,
  /** Thing-model (Alink) devices: Alink has no activation, lock or unlock message (property sets are sent). */
  DEVICE_THING_MODEL: 6552,
  /** The device's product has no usable point table (no protocol version, or one that does not compile). */
  DEVICE_NO_POINT_TABLE: 6553,
  /** params: address. */
  POINT_UNKNOWN: 6554,
  /** params: point (code and address). Only RW points are set. */
  POINT_NOT_WRITABLE: 6555,
  /** params: point. A vendor parameter needs Button.DEVICE_VENDOR_PARAMS. */
  POINT_VENDOR_PARAM: 6556,
  /** params: point, value, min, max (the resolved range). */
  VALUE_OUT_OF_RANGE: 6557,
  /** params: point, value. */
  VALUE_NOT_REPRESENTABLE: 6558,
  /** params: point, value, values (the enum values). */
  VALUE_NOT_ENUM: 6559,
  /** params: point, reference (the point whose current value the range needs). */
  RANGE_REFERENCE_UNKNOWN: 6560,
  /** params: point. */
  POINT_DUPLICATE: 6561,
  /** params: point, value. VALUE_OUT_OF_RANGE for a caller without B9405 when an end of the range is a vendor parameter's value (never quoted). */
  VALUE_OUT_OF_FACTORY_RANGE: 6720,
  /** params: point. RANGE_REFERENCE_UNKNOWN for a caller without B9405 when the point referenced is a vendor parameter (never named). */
  FACTORY_RANGE_UNKNOWN: 6721,
  /** params: address. A parameter filter names an address its product does not offer the caller (a vendor parameter without B9405 alike). */
  FILTER_POINT_UNKNOWN: 6722,
  /** The command could not be handed to the broker (message deviceCommands.error.noBroker when none runs). */
  COMMAND_NOT_SENT: 6562,
  /** The device refused activation (spec: use the calculate activation password function). */
  ACTIVATION_FAILED: 6563,
  /** Activation without skipping the audit needs a project that passed review. */
  ACTIVATION_NEEDS_AUDIT: 6564,
  DEVICE_ALREADY_ACTIVE: 6565,
  /** objectResult carries { problems, problemCount } like POINT_IMPORT_INVALID. */
  DEVICE_IMPORT_INVALID: 6566,
  // Live push, gateways and dynamic registration (issue 10, piece live): spec section 8 codes, then 6590-6599.
  /** The gateway and the child are the same device. */
  TOPOLOGY_SAME_DEVICE: 6402,
  /** The child is already under another gateway. */
  TOPOLOGY_CHILD_TAKEN: 6419,
  /** The child is not under this gateway. */
  TOPOLOGY_MISSING: 6401,
  /** The product does not allow dynamic registration. */
  DYNAMIC_REGISTRATION_OFF: 6288,
  /** Dynamic registration: unknown product key or wrong signature (not told apart). */
  REGISTRATION_SIGNATURE: 6287,
  /** The live event ticket is missing, unknown, used or expired. */
  LIVE_TICKET_INVALID: 6590,
  /** The session holds as many live event streams as it may. params: max. */
  LIVE_TOO_MANY_STREAMS: 6591,
  /** Only one level of gateways: a gateway cannot become a child, nor a child a gateway. */
  TOPOLOGY_NESTED: 6592,
  /** Dynamic registration: this random was used already (a replay). */
  REGISTRATION_REPLAYED: 6593,
  // Fault and abnormal devices (issue 11, faultDeviceManage): 6660-6669.
  /** The fault is closed already: the device cleared it or someone marked it repaired. */
  FAULT_ALREADY_REPAIRED: 6660,
  // Barcode binding and MAC mapping (issue 11, snBoundMgr and macMgr): 6640-6659.
  /** The device has a barcode already (unbind it first). params: sn. */
  DEVICE_SN_BOUND: 6640,
  DEVICE_SN_NOT_BOUND: 6641,
  /** params: mac. */
  MAC_TAKEN: 6642,
  /** The same address twice in one batch. params: mac. */
  MAC_REPEATED: 6643,
  MAC_NOT_UNDISTRIBUTED: 6644,
  MAC_NOT_OCCUPIED: 6645,
  MAC_NOT_ALLOCATED: 6646,
  /** The device holds another MAC already. params: mac. */
  DEVICE_HAS_MAC: 6647,
  /** The device does not belong to the MAC owner's subtree. */
  MAC_DEVICE_OUTSIDE_OWNER: 6648,
  // Projects (issue 21): 6800-6819.
  /** params: count (the project's devices). */
  PROJECT_HAS_DEVICES: 6800,
  /** params: devices (IoT codes bound to another project). */
  PROJECT_DEVICE_TAKEN: 6801,
  /** A second centrally controlled product (centralized controller) in one project. params: devices. */
  PROJECT_SECOND_CONTROLLER: 6802,
  /** A temperature/humidity sensor before the project has a centralized controller. params: devices. */
  PROJECT_SENSOR_NEEDS_CONTROLLER: 6803,
  /** Submit with required photo groups empty. params: groups (their names, translated). */
  PROJECT_PHOTOS_MISSING: 6804,
  /** params: group (translated), max. */
  PROJECT_PHOTO_GROUP_FULL: 6805,
  /** An audit step the project's state does not allow. params: state (translated). */
  PROJECT_AUDIT_TRANSITION: 6806,
  /** Fields, photos or devices changed while the audit is pending (or fields and photos once passed). params: state. */
  PROJECT_AUDIT_LOCKED: 6807,
  PROJECT_NOT_CENTRAL: 6808,
  /** params: devices (IoT codes not in this project). */
  PROJECT_DEVICE_NOT_IN_PROJECT: 6809,
  /** The controller leaves only after the project's sensors. */
  PROJECT_CONTROLLER_HAS_SENSORS: 6810,
  /** A project holding a centralized controller stays centrally controlled. */
  PROJECT_CEN_CONTROL_FIXED: 6811,
  /** Deleting devices of a project whose audit is pending (what is audited stays as submitted). params: devices, project. */
  PROJECT_DEVICE_DELETE_PENDING: 6812,
  /** Deleting a project's centralized controller while its sensors stay. params: devices, project, count (sensors). */
  PROJECT_CONTROLLER_DELETE: 6813,
  // Firmware upgrades over the air (issue 23): 7300-7349.
  /** Not a .plcx file, empty, or over the size of its type. params: reason. */
  FIRMWARE_FILE_INVALID: 7300,
  /** A running task uses the firmware. */
  FIRMWARE_IN_USE: 7301,
  /** The firmware is older than what devices run, and the task is not a rollback. params: devices (IoT codes), version. */
  FIRMWARE_OLDER: 7302,
  /** The firmware is marked as not supporting upgrades. */
  FIRMWARE_NOT_UPGRADABLE: 7303,
  /** Devices not of the firmware's product. params: devices. */
  OTA_PRODUCT_MISMATCH: 7304,
  /** Devices already in an open upgrade. params: devices. */
  OTA_DEVICE_BUSY: 7305,
  /** The task ended already (finished or cancelled). */
  OTA_TASK_ENDED: 7306,
  /** A filter that matched no device. */
  OTA_NO_DEVICES: 7307,
  /** A firmware download link without a valid signature, past its expiry, or for another firmware (HTTP 403). */
  OTA_LINK_INVALID: 7308,
  /** A filter that matched more devices than one task takes. params: max. */
  OTA_TOO_MANY_DEVICES: 7309,
  // OTA catalog (issue 23, helper ota-catalog): 7330-7349.
  /** Another enabled batch task of the company upgrades this product's devices. */
  OTA_BATCH_PRODUCT_BUSY: 7330,
  /** The batch task's firmware was deleted: it cannot be enabled again. */
  OTA_BATCH_FIRMWARE_GONE: 7331,
  // OTA rollout policy (issue 23, task engine): 7310-7329.
  /** The task is not in a state that allows this (pause a running task, resume a paused one, confirm a draft). params: state. */
  OTA_TASK_STATE_WRONG: 7310,
  /** A rollback draft without a firmware of the version to go back to. */
  OTA_ROLLBACK_NO_FIRMWARE: 7311,
  /** An end time in the past. */
  OTA_END_TIME_PAST: 7312,
  // Firmware store (issue 23, helper s3store): 7400-7409.
  /** A firmware whose file its store does not have (deleted from an S3 bucket by hand, or a store this instance lacks); HTTP 404. */
  OTA_FIRMWARE_FILE_MISSING: 7400,
  /** The firmware store (S3) could not be reached or refused the server's credentials; HTTP 503. */
  OTA_FIRMWARE_STORE_UNAVAILABLE: 7401,
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
  [ErrorCode.STALE_VERSION]: 'error.staleVersion',
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
  [ErrorCode.SIGN_IN_FAILED]: 'error.signInFailed',
  [ErrorCode.NEW_PASSWORD_IS_CURRENT]: 'error.newPasswordIsCurrent',
  [ErrorCode.PERMISSION_DENIED]: 'error.permissionDenied',
  [ErrorCode.NOT_FOUND]: 'error.notFound',
  [ErrorCode.PHONE_EXISTS]: 'people.error.phoneExists',
  [ErrorCode.USER_NAME_EXISTS]: 'people.error.userNameExists',
  [ErrorCode.DEPARTMENT_CODE_EXISTS]: 'people.error.departmentCodeExists',
  [ErrorCode.DEPARTMENT_IN_USE]: 'people.error.departmentInUse',
  [ErrorCode.DEALER_HAS_SUB_DEALERS]: 'organization.error.dealerHasSubDealers',
  [ErrorCode.DEALER_HAS_MEMBERS]: 'organization.error.dealerHasMembers',
  [ErrorCode.DEALER_LEVEL_EXCEEDED]: 'organization.error.dealerLevelExceeded',
  [ErrorCode.DEALER_CYCLE]: 'organization.error.dealerCycle',
  [ErrorCode.DEALER_CODE_TAKEN]: 'organization.error.dealerCodeTaken',
  [ErrorCode.AREA_UNKNOWN]: 'organization.error.areaUnknown',
  [ErrorCode.IMAGE_UNKNOWN]: 'organization.error.imageUnknown',
  [ErrorCode.DEALER_HAS_RECORDS]: 'organization.error.dealerHasRecords',
  [ErrorCode.DEALER_HAS_DEVICES]: 'organization.error.dealerHasDevices',
  [ErrorCode.ACCOUNT_MISSING]: 'organization.error.accountMissing',
  [ErrorCode.ALREADY_MEMBER]: 'organization.error.alreadyMember',
  [ErrorCode.ROLE_NOT_ASSIGNABLE]: 'organization.error.roleNotAssignable',
  [ErrorCode.BUTTON_NOT_HELD]: 'organization.error.buttonNotHeld',
  [ErrorCode.ROLE_CONTENT_EMPTY]: 'organization.error.roleContentEmpty',
  [ErrorCode.ROLE_IN_USE]: 'organization.error.roleInUse',
  [ErrorCode.PHONE_IS_CUSTOMER]: 'organization.error.phoneIsCustomer',
  [ErrorCode.BUTTON_ID_TAKEN]: 'organization.error.buttonIdTaken',
  [ErrorCode.BUTTON_HAS_CHILDREN]: 'organization.error.buttonHasChildren',
  [ErrorCode.DELETE_WORD_MISMATCH]: 'organization.error.deleteWordMismatch',
  [ErrorCode.BUTTON_CYCLE]: 'organization.error.buttonCycle',
  [ErrorCode.BUTTON_PLATFORM_ONLY]: 'organization.error.buttonPlatformOnly',
  [ErrorCode.TARGET_OUTRANKS]: 'organization.error.targetOutranks',
  [ErrorCode.COMPANY_ADMIN_PROTECTED]: 'organization.error.companyAdminProtected',
  [ErrorCode.INVITATION_PENDING]: 'organization.error.invitationPending',
  [ErrorCode.INVITATION_GONE]: 'organization.error.invitationGone',
  [ErrorCode.CATALOG_READ_ONLY]: 'catalog.error.readOnly',
  [ErrorCode.SERIES_NAME_TAKEN]: 'catalog.error.seriesNameTaken',
  [ErrorCode.SERIES_IN_USE]: 'catalog.error.seriesInUse',
  [ErrorCode.DATA_TYPE_NAME_TAKEN]: 'catalog.error.dataTypeNameTaken',
  [ErrorCode.DATA_TYPE_IN_USE]: 'catalog.error.dataTypeInUse',
  [ErrorCode.FORMULA_INVALID]: 'catalog.error.formulaInvalid',
  [ErrorCode.PRODUCT_NAME_TAKEN]: 'catalog.error.productNameTaken',
  [ErrorCode.SERIES_EN_NAME_TAKEN]: 'catalog.error.seriesEnNameTaken',
  [ErrorCode.DATA_TYPE_EN_NAME_TAKEN]: 'catalog.error.dataTypeEnNameTaken',
  [ErrorCode.PRODUCT_EN_NAME_TAKEN]: 'catalog.error.productEnNameTaken',
  [ErrorCode.NOT_THING_MODEL]: 'catalog.error.notThingModel',
  [ErrorCode.DATA_FORMAT_FIXED]: 'catalog.error.dataFormatFixed',
  [ErrorCode.PROTOCOL_CODE_TAKEN]: 'catalog.error.protocolCodeTaken',
  [ErrorCode.PROTOCOL_IN_USE]: 'catalog.error.protocolInUse',
  [ErrorCode.VERSION_NAME_TAKEN]: 'catalog.error.versionNameTaken',
  [ErrorCode.VERSION_LAST]: 'catalog.error.versionLast',
  [ErrorCode.POINT_INVALID]: 'catalog.error.pointInvalid',
  [ErrorCode.TOO_MANY_POINTS]: 'catalog.error.tooManyPoints',
  [ErrorCode.POINT_IMPORT_INVALID]: 'catalog.error.importInvalid',
  [ErrorCode.IMPORT_FILE_INVALID]: 'catalog.error.importFile',
  [ErrorCode.PRODUCT_IN_USE]: 'catalog.error.productInUse',
  [ErrorCode.PROTOCOL_VERSION_IN_USE]: 'catalog.error.versionInUse',
  [ErrorCode.UPLOAD_FAILED]: 'error.uploadFailed',
  [ErrorCode.UPLOAD_LINK_INVALID]: 'error.uploadLinkInvalid',
  [ErrorCode.UPLOAD_NOT_ISSUED]: 'error.uploadNotIssued',
  [ErrorCode.UPLOAD_QUOTA_EXCEEDED]: 'error.uploadQuotaExceeded',
  [ErrorCode.INTERNAL]: 'error.operationFailed',
  [ErrorCode.DATABASE_UNAVAILABLE]: 'error.databaseUnavailable',
  [ErrorCode.DEVICE_CODE_TAKEN]: 'devices.error.deviceCodeTaken',
  [ErrorCode.DEVICE_SN_TAKEN]: 'devices.error.snTaken',
  [ErrorCode.PRODUCT_UNKNOWN]: 'devices.error.productUnknown',
  [ErrorCode.DEVICE_LOCKED]: 'deviceCommands.error.locked',
  [ErrorCode.DEVICE_OFFLINE]: 'deviceCommands.error.offline',
  [ErrorCode.DEVICE_THING_MODEL]: 'deviceCommands.error.thingModel',
  [ErrorCode.DEVICE_NO_POINT_TABLE]: 'deviceCommands.error.noPointTable',
  [ErrorCode.POINT_UNKNOWN]: 'deviceCommands.error.pointUnknown',
  [ErrorCode.POINT_NOT_WRITABLE]: 'deviceCommands.error.pointNotWritable',
  [ErrorCode.POINT_VENDOR_PARAM]: 'deviceCommands.error.vendorParam',
  [ErrorCode.VALUE_OUT_OF_RANGE]: 'deviceCommands.error.outOfRange',
  [ErrorCode.VALUE_NOT_REPRESENTABLE]: 'deviceCommands.error.notRepresentable',
  [ErrorCode.VALUE_NOT_ENUM]: 'deviceCommands.error.notEnum',
  [ErrorCode.RANGE_REFERENCE_UNKNOWN]: 'deviceCommands.error.referenceUnknown',
  [ErrorCode.POINT_DUPLICATE]: 'deviceCommands.error.duplicatePoint',
  [ErrorCode.VALUE_OUT_OF_FACTORY_RANGE]: 'deviceCommands.error.outOfFactoryRange',
  [ErrorCode.FACTORY_RANGE_UNKNOWN]: 'deviceCommands.error.factoryRangeUnknown',
  [ErrorCode.FILTER_POINT_UNKNOWN]: 'devices.validation.filter.parameterUnknown',
  [ErrorCode.COMMAND_NOT_SENT]: 'deviceCommands.error.notSent',
  [ErrorCode.ACTIVATION_FAILED]: 'deviceCommands.error.activationFailed',
  [ErrorCode.ACTIVATION_NEEDS_AUDIT]: 'deviceCommands.error.activationNeedsAudit',
  [ErrorCode.DEVICE_ALREADY_ACTIVE]: 'deviceCommands.error.alreadyActive',
  [ErrorCode.DEVICE_IMPORT_INVALID]: 'deviceCommands.error.importInvalid',
  [ErrorCode.TOPOLOGY_SAME_DEVICE]: 'live.error.topologySameDevice',
  [ErrorCode.TOPOLOGY_CHILD_TAKEN]: 'live.error.topologyChildTaken',
  [ErrorCode.TOPOLOGY_MISSING]: 'live.error.topologyMissing',
  [ErrorCode.DYNAMIC_REGISTRATION_OFF]: 'live.error.dynamicRegistrationOff',
  [ErrorCode.REGISTRATION_SIGNATURE]: 'live.error.registrationSignature',
  [ErrorCode.LIVE_TICKET_INVALID]: 'live.error.ticketInvalid',
  [ErrorCode.LIVE_TOO_MANY_STREAMS]: 'live.error.tooManyStreams',
  [ErrorCode.TOPOLOGY_NESTED]: 'live.error.topologyNested',
  [ErrorCode.REGISTRATION_REPLAYED]: 'live.error.registrationReplayed',
  [ErrorCode.FAULT_ALREADY_REPAIRED]: 'deviceFaults.error.alreadyRepaired',
  [ErrorCode.DEVICE_SN_BOUND]: 'deviceBinding.error.snBound',
  [ErrorCode.DEVICE_SN_NOT_BOUND]: 'deviceBinding.error.snNotBound',
  [ErrorCode.MAC_TAKEN]: 'deviceBinding.error.macTaken',
  [ErrorCode.MAC_REPEATED]: 'deviceBinding.error.macRepeated',
  [ErrorCode.MAC_NOT_UNDISTRIBUTED]: 'deviceBinding.error.macNotUndistributed',
  [ErrorCode.MAC_NOT_OCCUPIED]: 'deviceBinding.error.macNotOccupied',
  [ErrorCode.MAC_NOT_ALLOCATED]: 'deviceBinding.error.macNotAllocated',
  [ErrorCode.DEVICE_HAS_MAC]: 'deviceBinding.error.deviceHasMac',
  [ErrorCode.MAC_DEVICE_OUTSIDE_OWNER]: 'deviceBinding.error.macDeviceOutsideOwner',
  [ErrorCode.PROJECT_HAS_DEVICES]: 'projects.error.hasDevices',
  [ErrorCode.PROJECT_DEVICE_TAKEN]: 'projects.error.deviceTaken',
  [ErrorCode.PROJECT_SECOND_CONTROLLER]: 'projects.error.secondController',
  [ErrorCode.PROJECT_SENSOR_NEEDS_CONTROLLER]: 'projects.error.sensorNeedsController',
  [ErrorCode.PROJECT_PHOTOS_MISSING]: 'projects.error.photosMissing',
  [ErrorCode.PROJECT_PHOTO_GROUP_FULL]: 'projects.error.photoGroupFull',
  [ErrorCode.PROJECT_AUDIT_TRANSITION]: 'projects.error.auditTransition',
  [ErrorCode.PROJECT_AUDIT_LOCKED]: 'projects.error.auditLocked',
  [ErrorCode.PROJECT_NOT_CENTRAL]: 'projects.error.notCentral',
  [ErrorCode.PROJECT_DEVICE_NOT_IN_PROJECT]: 'projects.error.deviceNotInProject',
  [ErrorCode.PROJECT_CONTROLLER_HAS_SENSORS]: 'projects.error.controllerHasSensors',
  [ErrorCode.PROJECT_CEN_CONTROL_FIXED]: 'projects.error.cenControlFixed',
  [ErrorCode.PROJECT_DEVICE_DELETE_PENDING]: 'projects.error.deletePending',
  [ErrorCode.PROJECT_CONTROLLER_DELETE]: 'projects.error.deleteController',
  [ErrorCode.FIRMWARE_FILE_INVALID]: 'ota.error.fileInvalid',
  [ErrorCode.FIRMWARE_IN_USE]: 'ota.error.firmwareInUse',
  [ErrorCode.FIRMWARE_OLDER]: 'ota.error.firmwareOlder',
  [ErrorCode.FIRMWARE_NOT_UPGRADABLE]: 'ota.error.notUpgradable',
  [ErrorCode.OTA_PRODUCT_MISMATCH]: 'ota.error.productMismatch',
  [ErrorCode.OTA_DEVICE_BUSY]: 'ota.error.deviceBusy',
  [ErrorCode.OTA_TASK_ENDED]: 'ota.error.taskEnded',
  [ErrorCode.OTA_NO_DEVICES]: 'ota.error.noDevices',
  [ErrorCode.OTA_LINK_INVALID]: 'ota.error.linkInvalid',
  [ErrorCode.OTA_TOO_MANY_DEVICES]: 'ota.error.tooManyDevices',
  [ErrorCode.OTA_BATCH_PRODUCT_BUSY]: 'ota.error.batchProductBusy',
  [ErrorCode.OTA_BATCH_FIRMWARE_GONE]: 'ota.error.batchFirmwareGone',
  [ErrorCode.OTA_TASK_STATE_WRONG]: 'otaTasks.error.stateWrong',
  [ErrorCode.OTA_ROLLBACK_NO_FIRMWARE]: 'otaTasks.error.rollbackNoFirmware',
  [ErrorCode.OTA_END_TIME_PAST]: 'otaTasks.error.endTimePast',
  [ErrorCode.OTA_FIRMWARE_FILE_MISSING]: 'ota.error.fileMissing',
  [ErrorCode.OTA_FIRMWARE_STORE_UNAVAILABLE]: 'ota.error.storeUnavailable',
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
  [ErrorCode.UPLOAD_LINK_INVALID]: 403,
  [ErrorCode.INTERNAL]: 500,
  [ErrorCode.DATABASE_UNAVAILABLE]: 503,
  [ErrorCode.LIVE_TICKET_INVALID]: 403,
  [ErrorCode.LIVE_TOO_MANY_STREAMS]: 429,
  [ErrorCode.OTA_LINK_INVALID]: 403,
  [ErrorCode.OTA_FIRMWARE_FILE_MISSING]: 404,
  [ErrorCode.OTA_FIRMWARE_STORE_UNAVAILABLE]: 503,
};
