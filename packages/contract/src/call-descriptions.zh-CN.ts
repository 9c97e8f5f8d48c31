/**
 * The Chinese description of every call of the contract, by its path; the English one is the call's own
 * `description` (call.ts). callDescription picks the reader's; callDescriptions.test checks that every
 * call has both, neither empty nor its code, nor the one a copy of the other. A new call adds its line here.
 */
export const CALL_DESCRIPTIONS_ZH: Readonly<Record<string, string>> = {
  '/crmservice/app/user/login': '终端用户（身份用户）以用户名和密码摘要登录。',
  '/cloudservice/api/adminUser/forgetPwd': '用短信验证码证明手机号后设置新密码（用途 resetPwd）。',
  '/cloudservice/api/adminUser/getCode': '发送 6 位短信验证码（5 分钟内有效，同一手机号 120 秒一条）。',
  '/cloudservice/api/adminUser/getPersonalInfo': '当前登录账号：姓名、头像、邮箱。',
  '/cloudservice/api/adminUser/login': '经销商以手机号和密码摘要，或以手机号和短信验证码登录。',
  '/cloudservice/api/adminUser/logout': '结束当前会话。',
  '/cloudservice/api/adminUser/selectUserForLogin': '同一手机号有多个账号时，选定其中一个完成登录。',
  '/cloudservice/api/adminUser/updatePersonalInfo': '修改姓名、头像（已上传图片的地址或留空）和选填的邮箱。',
  '/cloudservice/api/adminUser/updatePwd': '修改当前登录账号的密码；须改密码时唯一允许的调用。',
  '/cloudservice/api/upload/image': '以服务器取的文件名保存图片并返回其地址。',
  '/cloudservice/api/dealers/getAllApplicationUserRoleByUserId':
    '账号在某公司拥有的权限按钮，以方括号列表返回：[B80,B93]。',
  '/cloudservice/api/dealers/getDealersByUser': '当前登录账号所属的公司。',
  '/cloudservice/api/notice/add': '向所有账号发布公告。',
  '/cloudservice/api/notice/delete': '删除公告及其已读标记；读取后公告已被改动时返回 STALE_VERSION。',
  '/cloudservice/api/notice/list': '管理用的公告列表，最新在前，可按标题搜索。',
  '/cloudservice/api/notice/selectAll': "当前登录账号的公告，最新在前；noticeStatus 为 '' 全部、0 未读、1 已读。",
  '/cloudservice/api/notice/update': '编辑公告；读取后公告已被改动时返回 STALE_VERSION。',
  '/cloudservice/api/noticeStatus/updateNoticeAsRead':
    "为当前登录账号把一条公告（'0' 加 noticeId）或全部公告（'1'）标为已读。",
  '/cloudservice/api/invitations/accept': '接受待处理的邀请：账号成为该公司的成员。',
  '/cloudservice/api/button/add': '在上级按钮下新增按钮（顶级菜单项的上级为 ""）。',
  '/cloudservice/api/dealers/addDealers': '新增下级经销商及其管理员账号。',
  '/cloudservice/api/member/add': '向当前公司添加成员（需要时同时创建账号）。',
  '/cloudservice/api/member/checkPhone': '手机号是否已有经销商账号、是否已是当前公司的成员。',
  '/cloudservice/api/dealers/dealersDetail': '下属范围内的一个经销商，以及其下级经销商和成员的分页。',
  '/cloudservice/api/invitations/decline': '拒绝待处理的邀请。',
  '/cloudservice/api/button/delete': '输入删除确认词（按钮 id）后删除没有子按钮的按钮。',
  '/cloudservice/api/dealers/delete': '删除当前公司下没有下级经销商和成员的经销商。',
  '/cloudservice/api/dealers/editDealers': '编辑下属范围内（或当前公司）的经销商；级别和上级在此不可改。',
  '/cloudservice/api/member/edit': '编辑成员的角色、管辖区域、头像和邮箱。',
  '/cloudservice/api/button/tree': '按钮管理页的权限按钮树。',
  '/cloudservice/api/dealers/getSaleScope': '经销商可销售的省、市编码。',
  '/cloudservice/api/dealers/handOver': '把一个经销商的下级经销商、设备和项目移交给下属范围内的另一个经销商。',
  '/cloudservice/api/dealers/devices': '下属范围内某经销商拥有的设备的一页，最新在前（设备列表的行）。',
  '/cloudservice/api/dealers/projects': '下属范围内某经销商拥有的项目的一页，最新在前（项目列表的行）。',
  '/cloudservice/api/dealers/list': '当前公司下的经销商：parentId 的下一级（逐级展开），或按条件筛选的整个下属范围。',
  '/cloudservice/api/invitations/list': '当前登录账号待处理的邀请，最新在前。',
  '/cloudservice/api/member/list': '下属范围（或其中一个经销商）的成员，可按姓名或手机号搜索。',
  '/cloudservice/api/role/list': '当前公司的角色，可按名称搜索。',
  '/cloudservice/api/button/move': '把按钮移到另一个上级下（顶级为 ""）。',
  '/cloudservice/api/nation/queryNationInfo': '某上级编码下的中国行政区划（GB/T 2260）。',
  '/cloudservice/api/member/remove': '把成员移出其公司；账号保留。',
  '/cloudservice/api/button/rename': '重命名按钮（各语言的名称）。',
  '/cloudservice/api/dealers/randomPassword': '重新生成经销商管理员账号的随机密码，并只显示一次。',
  '/cloudservice/api/role/add': '为当前公司新增角色。',
  '/cloudservice/api/role/buttonTree': '角色表单的按钮树；grantable 标出调用者自己拥有的按钮。',
  '/cloudservice/api/role/delete': '删除当前公司中没有成员使用的角色。',
  '/cloudservice/api/role/edit': '编辑当前公司的角色。',
  '/cloudservice/api/dealers/setEnabled': '启用或停用当前公司下的经销商；停用后其成员不能以该公司身份操作。',
  '/cloudservice/api/dealers/setSaleScope': '设置经销商可销售的省、市编码。',
  '/cloudservice/api/customer/add':
    '创建归当前公司（或下属范围内的 ownerDealerId）所有的终端客户账号；已有客户账号使用该手机号时拒绝并提示“手机号已存在”。',
  '/cloudservice/api/department/add':
    '创建归当前公司（或下属范围内的 ownerDealerId）所有的部门；编码已被使用时提示“部门编码已存在”。',
  '/cloudservice/api/engineer/add':
    '创建归当前公司（或下属范围内的 ownerDealerId）所有的工程师账号；已有工程师使用该手机号时提示“手机号已存在”。',
  '/cloudservice/api/pdaUser/add': '在下属范围内的部门中创建 PDA 账号；已有 PDA 账号使用该用户名时提示“用户名已存在”。',
  '/cloudservice/api/customer/delete': '删除该账号；其账号日志记录保留姓名。',
  '/cloudservice/api/department/delete': '删除部门；部门下还有 PDA 用户时拒绝。',
  '/cloudservice/api/engineer/delete': '删除该账号；其账号日志记录保留姓名。',
  '/cloudservice/api/pdaUser/delete': '删除该账号；其账号日志记录保留姓名。',
  '/cloudservice/api/department/options': '下属范围内的全部部门（id、编码、名称），按名称排序，供下拉选择。',
  '/cloudservice/api/accountLog/list':
    "账号日志，最新在前。account 部分匹配登录名或手机号；action 为 '' 表示全部；startDate/endDate 为包含首尾的中国时间日期，默认最近 15 天。",
  '/cloudservice/api/customer/list': '当前公司及其下级经销商拥有的终端客户；部分匹配搜索、排序、分页。',
  '/cloudservice/api/department/list': '当前公司及其下级经销商拥有的部门；部分匹配搜索、排序、分页。',
  '/cloudservice/api/engineer/list': '当前公司及其下级经销商拥有的工程师；部分匹配搜索、筛选、排序、分页。',
  '/cloudservice/api/pdaUser/list': '下属范围内各部门的 PDA 用户；部分匹配搜索、按部门筛选、排序、分页。',
  '/cloudservice/api/customer/lock': '锁定账号直到解锁：登录时提示“该账号已被锁定”，当前会话结束。',
  '/cloudservice/api/engineer/lock': '锁定账号直到解锁：登录时提示“该账号已被锁定”，当前会话结束。',
  '/cloudservice/api/pdaUser/lock': '锁定账号直到解锁：登录时提示“该账号已被锁定”，当前会话结束。',
  '/cloudservice/api/customer/resetPassword':
    '设置管理员输入的密码（符合密码规则，输入两次）；结束当前会话并清除登录失败次数。',
  '/cloudservice/api/engineer/resetPassword':
    '设置管理员输入的密码（符合密码规则，输入两次）；结束当前会话并清除登录失败次数。',
  '/cloudservice/api/pdaUser/resetPassword':
    '设置管理员输入的密码（符合密码规则，输入两次）；结束当前会话并清除登录失败次数。',
  '/cloudservice/api/customer/unlock': '解除管理员的锁定和密码错误锁定。',
  '/cloudservice/api/engineer/unlock': '解除管理员的锁定和密码错误锁定。',
  '/cloudservice/api/pdaUser/unlock': '解除管理员的锁定和密码错误锁定。',
  '/cloudservice/api/customer/update': '编辑姓名、手机号（登录账号，在客户中唯一）、邮箱和头像。',
  '/cloudservice/api/department/update': '编辑编码、名称和生产基地；更新时间随之改变。',
  '/cloudservice/api/engineer/update': '编辑姓名、手机号（在工程师中唯一）、邮箱、服务区域、备注和启用状态。',
  '/cloudservice/api/pdaUser/update': '编辑用户名、真实姓名、邮箱和部门（下属范围内的部门）。',
  '/cloudservice/api/dataType/add':
    '创建数据类型；无法解析的规则被拒绝（FORMULA_INVALID）；名称已被使用时提示“数据类型名称已存在”。',
  '/cloudservice/api/point/add': '按整张点表校验后向版本添加点位（POINT_INVALID 指出字段）；记入点位历史。',
  '/cloudservice/api/product/add':
    '新增产品向导的两步合为一次调用；消息类型随数据格式而定。名称已被使用时提示“产品名称已存在”。',
  '/cloudservice/api/protocol/add': '创建协议及其第一个空版本；编码已被使用时提示“协议编码已存在”。',
  '/cloudservice/api/protocolVersion/add': '新增版本；带 copyFromVersionId（同一协议的版本）时复制该版本的点位。',
  '/cloudservice/api/series/add': '创建系列；名称已被使用（不区分大小写）时提示“系列名称已存在”。',
  '/cloudservice/api/dataType/options': '全部数据类型及其规则，按排序号排列，供点位编辑器使用。',
  '/cloudservice/api/frame/decode': '用协议版本的点表和数据类型解析十六进制报文（可含空格）。',
  '/cloudservice/api/dataType/delete': '删除数据类型；仍有点位使用时拒绝（DATA_TYPE_IN_USE，附数量）。',
  '/cloudservice/api/point/delete':
    '删除点位；被其他点位引用（$n$、高低位）时以 POINT_INVALID 拒绝并指出它们，读取后已被改动时返回 STALE_VERSION；记入历史。',
  '/cloudservice/api/product/delete': '删除产品及其物模型；读取后产品已被改动时返回 STALE_VERSION。',
  '/cloudservice/api/protocol/delete':
    '删除协议及其版本、点位和历史；仍有产品使用时拒绝（PROTOCOL_IN_USE），读取后已被改动时返回 STALE_VERSION。',
  '/cloudservice/api/protocolVersion/delete': '删除版本及其点位和历史；协议的最后一个版本不能删除（VERSION_LAST）。',
  '/cloudservice/api/series/delete': '删除系列；仍有产品使用时拒绝（SERIES_IN_USE，附数量）。',
  '/cloudservice/api/point/export': '版本的整张点表导出为 .xlsx 文件（base64），表头使用调用者的语言。',
  '/cloudservice/api/thingModel/get': 'Alink 产品（productMessageType 为 tm）的物模型草稿和已发布版本。',
  '/cloudservice/api/point/import':
    '用文件中的点表替换版本的点表（全部成功或全部不变）；历史记录每个新增、修改和删除的点位。',
  '/cloudservice/api/dataType/list': '数据类型按排序号（小的在前）再按名称排列；名称部分匹配搜索；分页。',
  '/cloudservice/api/pointHistory/list': '版本的点位历史，最新在前；可按点位编码和名称搜索，可按操作筛选。',
  '/cloudservice/api/point/list':
    '版本的点位（参数列表）：按编码和名称搜索、按模式筛选、排序（默认按地址升序），每页最多 999 条。',
  '/cloudservice/api/product/list': '产品列表：按名称和英文名称部分匹配搜索，按系列和消息类型筛选，排序，分页。',
  '/cloudservice/api/protocol/list': '协议列表：按名称和编码部分匹配搜索，排序，分页；每个协议附关联产品。',
  '/cloudservice/api/series/list': '平台产品目录中的系列：按名称部分匹配搜索，排序，分页。',
  '/cloudservice/api/point/detail': '一个点位的全部字段（点位详情）。',
  '/cloudservice/api/pointHistory/detail': '一条历史记录及其逐字段的改动。',
  '/cloudservice/api/product_byId': '一个产品，附其系列和协议的名称。',
  '/cloudservice/api/product/options': '全部产品的 id 和名称，按名称排序，供下拉选择。',
  '/cloudservice/api/protocol/detail': '一个协议及其版本（最新在前）。',
  '/cloudservice/api/protocol/options': '全部协议（id、读者语言的名称、编码）及其版本（id、名称），按名称排序。',
  '/cloudservice/api/thingModel/publish':
    '发布草稿：此后按它读取设备数据，发布版本号加一。读取后物模型已被改动时返回 STALE_VERSION（发布的就是所见的草稿）。',
  '/cloudservice/api/thingModel/saveDraft':
    '替换草稿（编辑草稿或导入的 JSON 文档）；协议点位产品不可用，读取后物模型已被改动时返回 STALE_VERSION。',
  '/cloudservice/api/series/options': '全部系列的 id 和读者语言的名称，按名称排序，供下拉选择。',
  '/cloudservice/api/dataType/update': '编辑数据类型；此后使用它的点位按新规则读取数值。',
  '/cloudservice/api/point/update':
    '按整张点表校验后替换点位的全部字段；历史记录逐字段的差异。读取后点位已被改动时返回 STALE_VERSION。',
  '/cloudservice/api/product/update':
    '编辑基本信息和协议信息；数据格式（及消息类型）创建后不可改。读取后产品已被改动时返回 STALE_VERSION。',
  '/cloudservice/api/protocol/update':
    '编辑名称、编码和描述（协议编辑）；修改人和更新时间随之改变。读取后协议已被改动时返回 STALE_VERSION。',
  '/cloudservice/api/protocolVersion/update': '重命名版本或编辑其描述。',
  '/cloudservice/api/series/update': '重命名系列。',
  '/cloudservice/api/upload/links': '调用者可查看的已上传图片的签名链接（数分钟内有效）；其余的不返回。',
  '/cloudservice/api/device/control/activate':
    '激活在线设备。跳过项目审核时立即激活，质保 1.5 年；否则设备须在项目中：项目审核通过后按审核的质保激活，通过前标为等待审核（结果 awaitingAudit，不下发）。',
  '/cloudservice/api/device/add': '登记设备（状态 UNACTIVE），归公司或其下属范围内的经销商所有；只返回一次设备密钥。',
  '/cloudservice/api/device/topology/add': '把下属范围内的设备挂到下属范围内的网关下。',
  '/cloudservice/api/device/allocateCustomer':
    "把下属范围内的设备分配给下属范围内的终端客户，替换原有分配；customerId 为 '' 时收回分配。",
  '/cloudservice/api/device/count':
    '下属范围内符合关键字和筛选条件的设备数：精确计数，或带 upTo 时精确计到 10,000（列表只往后数十页）。',
  '/cloudservice/api/device/delete': '删除下属范围内的设备。',
  '/cloudservice/api/device/batchDelete': '删除下属范围内的多台设备，全部成功或全部不变（控制台先确认）。',
  '/cloudservice/api/device/importTemplate': '设备导入表格（.xlsx，base64）：表头使用调用者的语言。',
  '/cloudservice/api/device/disable': '停用下属范围内的设备：登录时被拒绝（522），已连接的被断开。',
  '/cloudservice/api/device/enable': '重新启用下属范围内已停用的设备：它可以再次登录。',
  '/cloudservice/api/device/pointHistory/export':
    '曲线的时间范围（与 getPointHistory 相同的地址，最多 7 天）导出为 .xlsx 文件（base64），表头使用调用者的语言。',
  '/cloudservice/api/device/favourite/add': '把下属范围内的设备加入调用者的收藏（已收藏的保持不变）。',
  '/cloudservice/api/device/detail': '下属范围内的一台设备（从不含其密钥），以及它是否在调用者的收藏中。',
  '/cloudservice/api/device/customer': '下属范围内的设备所分配给的终端客户，没有时为 null。',
  '/cloudservice/api/device/export/progress': '调用者的导出任务：已写行数与总行数，完成后附文件路径。',
  '/cloudservice/api/device/thingModel': '下属范围内设备已发布的物模型（协议点位产品或首次发布前为 null）。',
  '/cloudservice/api/device/pointValues':
    '下属范围内设备每个点位的当前值，附点位的编码、名称、单位、模式、标志、范围和枚举值；厂家参数仅对拥有 B9405 的调用者返回。',
  '/cloudservice/api/device/pointValuesAt':
    '下属范围内设备在某一时刻的全部点位：每个点位取该时刻及之前最新保存的值，最多回看 7 天。',
  '/cloudservice/api/device/pointHistory':
    '下属范围内设备最多 20 个地址在最多 7 天内的数值；带 maxPoints 时最多返回这么多帧，每个时间段保留每条曲线的最低和最高值（thinned: true）。',
  '/cloudservice/api/device/import':
    '登记文件中的全部设备（状态 UNACTIVE）或一台也不登记；只返回一次每台新设备的密钥。',
  '/cloudservice/api/device/abnormalList':
    '下属范围内上报异常（报文格式错误、超频被限流、数值超范围）或离线超过 72 小时的设备，附每种原因的次数，最新在前；可按原因及其最近时间筛选。',
  '/cloudservice/api/device/customerTargets':
    'allocateDeviceCustomer 可接受的终端客户（下属范围内所有），按名称排序；关键字匹配姓名或手机号。',
  '/cloudservice/api/device/topology/children': '下属范围内网关的子设备。',
  '/cloudservice/api/device/faults': '下属范围内设备的故障，最新在前：只看当前未关闭的，或某时间范围内发生的全部。',
  '/cloudservice/api/device/operationLog':
    '设备的操作日志（指令、激活、锁定、设备及其绑定的每次修改、标记已修复的故障），最新在前，分页。',
  '/cloudservice/api/device/packets':
    '下属范围内设备的通信日志：原始报文，最新在前，附其内容或被拒原因，每帧按设备的点表解析。',
  '/cloudservice/api/device/refusals':
    "下属范围内设备被拒绝的消息数，按原因统计；另含超出数值范围的读数（'value.outOfRange'，仍会保存）和消息服务器的丢弃（'link.*'）。",
  '/cloudservice/api/device/statusHistory': '下属范围内设备的上线/离线变化及其原因代码，最新在前。',
  '/cloudservice/api/device/traffic': '下属范围内设备每天上行和下行的字节数和消息数（按服务器所见），最新的日期在前。',
  '/cloudservice/api/device/list':
    '下属范围内经销商拥有的设备；关键字部分匹配物联网编码、名称或整机条码；筛选条件以且/或组合；按创建时间或最后在线时间排序；分页。',
  '/cloudservice/api/deviceFault/list':
    '下属范围内设备的故障，只含调用者角色可查看的故障等级，最新在前：可按状态（未修复即当前故障）、关键字（部分物联网编码或名称）、故障代码、等级和故障开始时间筛选。',
  '/cloudservice/api/device/favourite/list': '调用者收藏的、位于下属范围内的设备，最近收藏的在前。',
  '/cloudservice/api/device/filterPoints':
    '产品的点位（地址、名称、单位），供设备列表的参数筛选；没有点表或物模型的产品没有点位。',
  '/cloudservice/api/device/moveTargets':
    'moveDevices 可接受的经销商：先是当前公司自身，再按树的顺序列出下属范围；关键字匹配名称或编码。',
  '/cloudservice/api/device/control/lock': '锁定在线设备（之后它拒绝控制）；设备接受后才设置锁定标志。',
  '/cloudservice/api/device/control/batchLock': '依次锁定所选的每台设备，返回每台设备的结果（离线的被拒绝）。',
  '/cloudservice/api/device/move':
    '把下属范围内的设备交给下属范围内的另一个经销商，全部成功或全部不变；范围外的设备或经销商按不存在处理。',
  '/cloudservice/api/device/eventsTicket':
    '一次性凭证（数秒内有效），用于打开下属范围内设备（可只选部分）的状态、数值和故障事件的实时流。',
  '/cloudservice/api/device/topology/remove': '把子设备从其网关下移除。',
  '/cloudservice/api/deviceFault/repair':
    '把下属范围内设备的一个未修复故障标为已修复（故障关闭，记录操作人和时间）。已修复的故障被拒绝。',
  '/cloudservice/api/device/resetSecret': '为下属范围内的设备生成新密钥，只返回一次；旧密钥不能再登录。',
  '/cloudservice/api/product/secret':
    '返回设备注册时签名用的产品密钥（首次使用时生成）；重置会生成新密钥，旧密钥失效。',
  '/cloudservice/api/device/control/setValues':
    '在数值范围内设置在线、未锁定设备的读写点位；等待设置回复，最长到指令超时。',
  '/cloudservice/api/product/dynamicRegistration': '允许或停止产品的设备用产品 key 和密钥自行注册。',
  '/cloudservice/api/device/export/start': '开始把当前筛选的设备写入 Excel 文件；返回任务及文件的行数。',
  '/cloudservice/api/device/favourite/remove': '把设备移出调用者的收藏。',
  '/cloudservice/api/device/control/unlock': '解锁在线设备；设备接受后才清除锁定标志。',
  '/cloudservice/api/device/control/batchUnlock': '依次解锁所选的每台设备，返回每台设备的结果。',
  '/cloudservice/api/device/update': '编辑下属范围内设备的名称、整机条码、型号、地址、省和市；版本过期时拒绝。',
  '/cloudservice/api/mac/add':
    '向当前公司添加 MAC 地址（未分配），全部成功或全部不变；重复或已有的地址按名称指出并拒绝。',
  '/cloudservice/api/mac/allocate': '为 MAC 所属公司下属范围内的设备（物联网编码）预留一个未分配的 MAC：已占用。',
  '/cloudservice/api/snBinding/bind':
    '把条码绑定到下属范围内按物联网编码指定的设备；设备已有条码或条码已绑定到别处时拒绝。',
  '/cloudservice/api/mac/confirm': '在设备上确认已占用的 MAC：成功。',
  '/cloudservice/api/mac/delete': '删除下属范围内未分配的 MAC。',
  '/cloudservice/api/mac/list': '下属范围内的 MAC 地址：按地址或物联网编码搜索，按状态筛选，最新在前，分页。',
  '/cloudservice/api/snBinding/list':
    '下属范围内的设备及其条码：按物联网编码、名称或条码搜索，按是否绑定筛选，最新设备在前，分页。',
  '/cloudservice/api/pda/snBinding/bind':
    'PDA 账号把扫描到的条码绑定到其公司下属范围内扫描到的物联网编码；记录操作人和时间。',
  '/cloudservice/api/mac/release': '把已占用或已成功的 MAC 从设备上释放：未分配。',
  '/cloudservice/api/snBinding/unbind': '清除下属范围内设备的条码（控制台先确认）。',
  '/cloudservice/api/project/addDeviceToProject':
    '把下属范围内的设备加入项目，全部成功或全部不变：已属于其他项目的设备、第二个集中控制产品，或在项目控制器之前加入的温湿度传感器被拒绝。',
  '/cloudservice/api/project/addProject': '新增项目（未提交），归公司或其下属范围内的经销商所有；之后再添加照片。',
  '/cloudservice/api/project/addProjectPhoto':
    '向下属范围内项目的一组照片添加已上传的照片（uploadImage）：每组最多五张。',
  '/cloudservice/api/project/cenProjectDetail': '下属范围内的一个集中控制项目，附照片及其集中控制器（添加前为 null）。',
  '/cloudservice/api/project/deleteProject': '删除下属范围内的项目及其照片和审核记录；项目中还有设备时拒绝。',
  '/cloudservice/api/project/device_byProjectId': '下属范围内项目中的设备及其实时状态。',
  '/cloudservice/api/project/getDealersProject':
    '下属范围内的项目：按名称、普通或集中控制、省份、审核状态和关注标志筛选，按创建时间排序。',
  '/cloudservice/api/statistics/getProjectAuditNum': '时间范围内每天或每月下属范围内项目审核通过的数量。',
  '/cloudservice/api/statistics/getProjectIncreasedNum': '时间范围内每天或每月下属范围内新增的项目数。',
  '/cloudservice/api/project/auditRecords': '下属范围内项目的审核记录（提交、通过、驳回），最新在前。',
  '/cloudservice/api/project/passAudit':
    '通过待审核的项目：等待审核的设备按审核的质保激活，锁定的设备解锁（当前在线的）。',
  '/cloudservice/api/project/projectDetail': '下属范围内的一个项目，附按组分列的照片。',
  '/cloudservice/api/project/rejectAudit': '驳回待审核的项目并附原因；项目可修改后再次提交。',
  '/cloudservice/api/project/removeDeviceFromProject':
    '把设备移出项目，全部成功或全部不变；控制器须在项目的传感器之后移出。审核中不可操作。',
  '/cloudservice/api/project/removeProjectPhoto': '删除下属范围内项目的一张照片。',
  '/cloudservice/api/project/submitAudit': '把未提交或被驳回的项目提交审核（待审核）；每个必填照片组都须有照片。',
  '/cloudservice/api/project/updateProject':
    '在未提交或被驳回时编辑下属范围内的项目；有设备的集中控制项目保持集中控制。',
  '/cloudservice/api/project/updateProjectIsImportant':
    '关注（1）或取消关注（0）下属范围内的项目：关注的项目即首页的重点项目。',
  '/cloudservice/api/deviceFault/fault_now':
    "下属范围内设备当前未关闭的故障（按 deviceId，deviceId 为 '' 时按 deviceCode），给定时在 startTime-endTime 内发生，最新在前；只含调用者角色可查看的等级。",
  '/cloudservice/api/statistics/getAddDeviceByDay':
    '时间范围内平台的每一天：下属范围新增的设备数（count）和当天结束时下属范围的设备数（accumulate；当天取现在）。',
  '/cloudservice/api/device/getAddressHistoryValue':
    '点位趋势：下属范围内设备（按物联网编码）可读地址在最多 7 天内的数值，与 pointHistory 的返回相同（给定 maxPoints 时抽稀）。',
  '/cloudservice/api/statistics/getDealersStats': '下属范围内的设备：总数，以及当前在线的数量（随在线状态实时变化）。',
  '/cloudservice/api/statistics/getDeviceAuditNum':
    '时间范围内平台的每天或每月，下属范围内被激活（项目审核通过或跳过审核）的设备数。',
  '/cloudservice/api/statistics/getDeviceRatio':
    '下属范围内设备的产品占比（图表的产品系列占比）：每个有设备的产品及其名称和数量，多的在前。',
  '/cloudservice/api/statistics/getOnlineDeviceNumber':
    "时间范围内平台每天（type 为 '' 或 day）或每月（type 为 month）结束时下属范围内在线的设备数；当天读取实时在线状态。最多 pageSize 个时间段，取范围内最近的。",
  '/cloudservice/api/device/getPointPosition':
    '调用者可读取的下属范围内设备的点位（厂家参数须有 B9405），按地址排列；趋势使用模式为 R 的点位。',
  '/cloudservice/api/device/queryImportantDevice':
    '重点设备巡检页：调用者关注（收藏）的、位于下属范围内的设备，最近关注的在前。',
  '/cloudservice/api/device/updateImportantStatus':
    '调用者关注（1）或取消关注（0）下属范围内的设备：与收藏管理是同一份收藏。',
  '/cloudservice/api/log/export/progress': '调用者的日志导出任务：已写行数与总行数，完成后附文件路径。',
  '/cloudservice/api/log/retention': '每种日志保留的天数，以及保留任务最近的运行记录。',
  '/cloudservice/api/log/apiUsedLog':
    'API 调用日志，最新在前：startDate/endDate（必填，平台时区中包含首尾的日期），操作人和接口部分匹配，结果。',
  '/cloudservice/api/log/communicationLog':
    '下属范围内一台设备（物联网编码必填）在某时间范围（必填）内收发的原始报文，最新在前，逐条解析。',
  '/cloudservice/api/log/operationLog':
    '下属范围内一台设备（物联网编码必填）的操作日志：谁做了什么、每个字段的名称及结果，最新在前。',
  '/cloudservice/api/log/communicationLogQuery':
    '下属范围内所有设备在某时间范围（必填，最多 7 天）内的原始报文，最新在前，逐条解析。',
  '/cloudservice/api/log/apiUsedLog/export': '开始把搜索到的 API 调用日志写入 Excel 文件；返回任务及其行数。',
  '/cloudservice/api/log/communicationLog/export': '开始把搜索到的一台设备的报文写入 Excel 文件；返回任务及其行数。',
  '/cloudservice/api/log/communicationLogQuery/export':
    '开始把搜索到的下属范围内的报文写入 Excel 文件；返回任务及其行数。',
  '/cloudservice/api/log/retention/update': '设置某种日志保留的天数（1 到 3650）；保留任务下次运行时生效。',
  '/cloudservice/api/ota/task/cancel': '取消运行中的任务：未完成的设备被取消，已通知的设备被告知停止。',
  '/cloudservice/api/ota/task/confirmRollback': '确认健康闸门生成的回滚草稿：它开始运行。',
  '/cloudservice/api/ota/task/create':
    '对下属范围内固件所属产品的选定设备（或筛选出的设备）开始升级：在速率和同时下载数量的限制内依次通知每台设备。',
  '/cloudservice/api/ota/firmware/delete': '删除下属范围内没有运行中任务使用的固件文件。',
  '/cloudservice/api/ota/firmware/list': '本区域中公司可使用的固件文件（自己的、下属范围的和上级的），最新在前。',
  '/cloudservice/api/ota/task/list': '本区域中下属范围内的升级任务及其进度，最新在前。',
  '/cloudservice/api/ota/record/list': '本区域中每台设备的升级记录（每台设备每个任务一行），最新在前。',
  '/cloudservice/api/ota/task/pause': '暂停运行中的任务：恢复前不再通知设备；已在升级的设备继续。',
  '/cloudservice/api/ota/task/resume': '恢复已暂停的任务；被健康闸门暂停的任务继续下一批（已有人判断其健康状况）。',
  '/cloudservice/api/ota/task/detail': '下属范围内的一个任务，以及其设备及进度的一页。',
  '/cloudservice/api/ota/firmware/upload':
    '上传固件文件（multipart，文件放最后）：仅限 .plcx，主板文件最大 512 KB，必须选择产品；保存其 SHA-256。',
  '/cloudservice/api/otaNew/task/cancel': '取消运行中的任务：未完成的设备被取消，已通知的设备被告知停止。',
  '/cloudservice/api/otaNew/task/confirmRollback': '确认健康闸门生成的回滚草稿：它开始运行。',
  '/cloudservice/api/otaNew/task/create':
    '对下属范围内固件所属产品的选定设备（或筛选出的设备）开始升级：在速率和同时下载数量的限制内依次通知每台设备。',
  '/cloudservice/api/otaNew/firmware/delete': '删除下属范围内没有运行中任务使用的固件文件。',
  '/cloudservice/api/otaNew/firmware/list': '本区域中公司可使用的固件文件（自己的、下属范围的和上级的），最新在前。',
  '/cloudservice/api/otaNew/task/list': '本区域中下属范围内的升级任务及其进度，最新在前。',
  '/cloudservice/api/otaNew/record/list': '本区域中每台设备的升级记录（每台设备每个任务一行），最新在前。',
  '/cloudservice/api/otaNew/task/pause': '暂停运行中的任务：恢复前不再通知设备；已在升级的设备继续。',
  '/cloudservice/api/otaNew/task/resume': '恢复已暂停的任务；被健康闸门暂停的任务继续下一批（已有人判断其健康状况）。',
  '/cloudservice/api/otaNew/task/detail': '下属范围内的一个任务，以及其设备及进度的一页。',
  '/cloudservice/api/otaNew/firmware/upload':
    '上传固件文件（multipart，文件放最后）：仅限 .plcx，主板文件最大 512 KB，必须选择产品；保存其 SHA-256。',
  '/cloudservice/api/ota/device/list':
    '本区域中下属范围内的设备（4G：联网方式为蜂窝网络的产品；第二代：其他产品）及其软件编码和版本。',
  '/cloudservice/api/ota/rollback/list': '本区域回滚（初始化）任务的设备及其初始化状态，最新在前。',
  '/cloudservice/api/otaNew/batch/create':
    '用 4G 固件创建批量升级任务：启用期间，下属范围内该固件所属产品中运行旧版本的每台设备在线（或上线）时即被升级。',
  '/cloudservice/api/otaNew/batch/list': '下属范围内的 4G 批量升级任务及其计数，最新在前；可只看一个产品的。',
  '/cloudservice/api/otaNew/device/list':
    '本区域中下属范围内的设备（4G：联网方式为蜂窝网络的产品；第二代：其他产品）及其软件编码和版本。',
  '/cloudservice/api/otaNew/rollback/list': '本区域回滚（初始化）任务的设备及其初始化状态，最新在前。',
  '/cloudservice/api/otaNew/batch/enable':
    '启用批量任务（它会再次接收符合条件的在线设备）或停用它（其未完成的设备被取消）。',
  '/cloudservice/api/log/moduleCommunicationLog':
    '子树内一台设备（须填物联网编码）在时间范围内（必填）的 DTU 与主板连接变化，最新的在前。',
  '/cloudservice/api/log/modeLog':
    '子树内一台设备（须填物联网编码）在时间范围内（必填）的上报方式变化（自有主题或网关接口），最新的在前。',
  '/cloudservice/api/log/operationLog/export':
    '开始把一台设备（须填物联网编码）的操作日志写入 Excel 文件；返回任务及其行数。',
  '/cloudservice/api/log/moduleCommunicationLog/export':
    '开始把子树内一台设备（须填物联网编码）在时间范围内（必填）的 DTU 与主板连接变化写入 Excel 文件；返回任务及其行数。',
  '/cloudservice/api/log/modeLog/export':
    '开始把子树内一台设备（须填物联网编码）在时间范围内（必填）的上报方式变化写入 Excel 文件；返回任务及其行数。',
  '/cloudservice/api/accountLog/export': '开始把搜索到的账号日志写入 Excel 文件；返回任务及其行数。',
};
