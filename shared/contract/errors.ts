// The one table of error codes: HTTP status and the message in both languages (SPEC §5, §8).
// Add codes here only; every layer (upstream, page client, pages) reads them from this table.
import type { Language } from "../languages.ts";

export interface ErrorDefinition {
  status: number;
  zh: string;
  en: string;
}

export const errorCodes = {
  // Generic request errors (E400xxxxx)
  E40000001: { status: 400, zh: "请求格式错误，请检查后重试", en: "The request is malformed." },
  E40000002: { status: 400, zh: "请求参数不正确", en: "The request parameters are invalid." },
  E40000003: { status: 400, zh: "请求包含未知字段", en: "The request contains unknown fields." },
  E40000004: {
    status: 400,
    zh: "文本中含有不允许的控制字符或文字方向字符",
    en: "The text contains control or text-direction characters that are not allowed.",
  },
  E40100001: { status: 401, zh: "您尚未登录，是否立即登录？", en: "You are not logged in. Log in now?" },
  E40300001: { status: 403, zh: "无权执行此操作", en: "You are not allowed to do this." },
  E40300002: { status: 403, zh: "请求来源不被允许", en: "The request origin is not allowed." },
  E40400001: { status: 404, zh: "未找到该内容", en: "This page could not be found" },
  E40500001: { status: 405, zh: "不支持该请求方法", en: "This method is not allowed." },
  E41300001: { status: 413, zh: "请求内容过大（上限 100 KB）", en: "The request body is too large (limit 100 KB)." },
  E41500001: { status: 415, zh: "请求内容类型必须为 application/json", en: "The request content type must be application/json." },
  E42900001: { status: 429, zh: "请求过于频繁，请稍后再试", en: "Too many requests, please try again later." },
  E42934001: {
    status: 429,
    zh: "已向此邮箱发送过多封确认邮件，请使用其中一封，或稍后再试",
    en: "This address was sent several confirmation e-mails already; please use one of them, or try again later.",
  },
  E50000001: { status: 500, zh: "抱歉，页面运行出错，工作人员正在抢修", en: "Sorry, the page is running incorrectly, the staff is rushing to repair" },
  E50200001: { status: 502, zh: "上游服务不可用，请稍后再试", en: "The upstream service is unavailable, please try again later." },
  E50400001: { status: 504, zh: "上游服务响应超时，请稍后再试", en: "The upstream service timed out, please try again later." },
  E50300001: { status: 503, zh: "服务暂不可用", en: "The service is not available right now." },
  // Sign-in and session (E400210xx). E40021009: the session is already gone at sign-out.
  E40021009: { status: 401, zh: "登录状态已失效", en: "The session has already ended." },
  // [account and sample-order codes: added by the accounts module, keep them below this line]
  // Sign-in and verification codes (E400210xx).
  E40021001: { status: 400, zh: "请输入正确的手机号", en: "please enter a valid mobile number" },
  E40021002: { status: 400, zh: "请输入正确的邮箱地址", en: "please enter a valid email address" },
  E40021003: { status: 400, zh: "请输入正确的验证码", en: "please enter the correct verification code" },
  E40021004: { status: 400, zh: "验证码错误！", en: "Verification code error!" },
  E40021005: { status: 429, zh: "账号已被锁定，请稍后再试。", en: "Account has been locked, please try again later." },
  E40021006: { status: 400, zh: "验证码错误次数过多，请重新获取验证码。", en: "Too many times have been obtained, please obtain the verification code again." },
  E40021007: { status: 429, zh: "验证码获取过于频繁，请稍后再试", en: "Please wait before requesting another verification code." },
  E40021008: { status: 429, zh: "验证码获取次数已达上限，请稍后再试", en: "Too many verification codes have been requested, please try again later." },
  E40021010: { status: 400, zh: "验证码已过期，请重新获取", en: "The verification code has expired, please obtain a new one." },
  E40021011: { status: 502, zh: "验证码发送失败，请稍后重试", en: "The verification code could not be sent, please try again later." },
  // Sample list and sample orders (E400220xx).
  E40022001: { status: 409, zh: "该产品已被选择", en: "The product has been selected" },
  E40022002: { status: 404, zh: "添加失败：该产品不提供样品", en: "Add failed: this product is not available as a sample." },
  E40022003: { status: 404, zh: "样品清单中没有该产品", en: "This product is not in your sample list." },
  E40022004: { status: 400, zh: "您的样品清单为空", en: "Your sample list is empty." },
  // {orderNumber}: the open order with the same list (the page links it).
  E40022005: {
    status: 409,
    zh: "您已提交过相同的申请清单~（订单 {orderNumber} 仍在处理中）",
    en: "You have already submitted the same application list~ (order {orderNumber} is still open)",
  },
  E40022006: { status: 404, zh: "未找到该样品订单", en: "The sample order could not be found." },
  E40022007: { status: 409, zh: "提交失败", en: "Submit Failed" },
  E40022008: { status: 400, zh: "样品清单已满", en: "Your sample list is full." },
  E40022009: { status: 400, zh: "请填写正确的姓名", en: "please fill in the correct name" },
  E40022010: { status: 400, zh: "请填写正确的内容", en: "please fill in the correct content" },
  E40022011: { status: 400, zh: "请填写公司名称", en: "Please fill in your company." },
  E40022012: { status: 400, zh: "请填写职位", en: "Please fill in your position." },
  // {part}: the part numbers of the list that were switched off since they were added.
  E40022013: {
    status: 409,
    zh: "提交失败：{part} 已不再提供样品，请从样品清单中移除后重新提交",
    en: "Submit Failed: {part} can no longer be ordered as a sample. Remove what is marked unavailable from your sample list and submit again.",
  },
  // Stated sample rules (sampleLimits) and the customer's cancel.
  E40022014: { status: 400, zh: "每个订单最多 {max} 件样品，当前清单共 {total} 件", en: "An order can hold at most {max} pieces in all; this list has {total}." },
  E40022015: {
    status: 409,
    zh: "您已有 {max} 个处理中的样品订单，请在其中一个完成、驳回或取消后再提交",
    en: "You already have {max} open sample orders. Submit a new one when one of them is completed, rejected or cancelled.",
  },
  E40022016: { status: 409, zh: "只有待处理的订单可以取消", en: "Only a pending order can be cancelled." },
  E40022017: { status: 400, zh: "每个型号最多申请 {max} 件", en: "At most {max} pieces of each part can be requested." },
  E40022018: { status: 400, zh: "请确认样品仅用于评估，不用于商业用途", en: "Please confirm that the samples are for evaluation only, not for commercial use." },
  // A part whose lifecycle refuses samples (shared/contract/lifecycle.ts): {part}, its {replacement}, and for a last-time buy its {lastOrder} date.
  E40022019: {
    status: 409,
    zh: "{part} 已停产，不再提供样品。推荐替代型号：{replacement}，请申请该型号的样品。",
    en: "{part} is obsolete and no longer sampled. Its recommended replacement is {replacement}: please request samples of that part instead.",
  },
  E40022020: {
    status: 409,
    zh: "{part} 处于最后购买期（最后订货日 {lastOrder}），不再提供样品。推荐替代型号：{replacement}，请申请该型号的样品。",
    en: "{part} is in its last-time buy (last order date {lastOrder}) and no longer sampled. Its recommended replacement is {replacement}: please request samples of that part instead.",
  },
  // A part not recommended for new designs is added only when the request confirms it (confirmNrnd): {part}, its {replacement}.
  E40022021: {
    status: 409,
    zh: "{part} 不推荐用于新设计，推荐替代型号：{replacement}。如仍需 {part} 的样品，请确认后再添加。",
    en: "{part} is not recommended for new designs; its recommended replacement is {replacement}. Confirm to add samples of {part} anyway.",
  },
  // Shipping addresses (E400240xx): each address field's message, then the book itself.
  E40024001: { status: 400, zh: "请填写收件人姓名", en: "Please fill in the recipient's name." },
  E40024002: {
    status: 400,
    zh: "请填写正确的收件人电话（中国大陆地址请填写手机号）",
    en: "Please enter a valid phone number for the recipient (a mobile number for mainland China).",
  },
  E40024003: { status: 400, zh: "请填写正确的公司名称", en: "Please enter a valid company name, or leave it empty." },
  E40024004: { status: 400, zh: "请选择国家或地区", en: "Please choose a country or region." },
  E40024005: { status: 400, zh: "请选择省、市、区县", en: "Please choose the province, city and district." },
  E40024006: { status: 400, zh: "请填写正确的州、省或地区", en: "Please enter a valid state, province or region, or leave it empty." },
  E40024007: { status: 400, zh: "请填写城市", en: "Please fill in the city." },
  E40024008: { status: 400, zh: "请填写详细地址", en: "Please fill in the street address." },
  E40024009: { status: 400, zh: "请填写所选国家或地区的正确邮政编码", en: "Please enter a postal code in the format of the chosen country or region." },
  E40024010: { status: 404, zh: "未找到该收货地址", en: "The shipping address could not be found." },
  E40024011: { status: 400, zh: "地址簿已满，请先删除不用的地址", en: "Your address book is full. Delete an address you no longer use first." },
  E40024012: { status: 400, zh: "请选择收货地址", en: "Please choose where to ship the samples." },
  // Staff order processing (E400230xx).
  E40023001: { status: 401, zh: "需要有效的员工令牌", en: "A valid staff token is required." },
  E40023002: { status: 409, zh: "该订单当前状态不允许此操作", en: "The order cannot make this move from its current status." },
  E40023003: { status: 400, zh: "发货需要填写承运商和运单号", en: "Shipping needs the carrier and the tracking number." },
  E40023004: { status: 400, zh: "驳回需要填写原因", en: "A rejection needs a reason." },
  // {carriers}: the names staff can pick.
  E40023005: { status: 400, zh: "请选择承运商：{carriers}", en: "Choose one of the carriers: {carriers}." },
  // [content codes: products, documents, news, jobs, leave word, search — keep them below this line]
  // Form fields shared with the applicant form reuse E40021001/2 (phone, e-mail) and E40022009–12 (name, content, company, position).
  E40030001: { status: 404, zh: "未找到该产品", en: "The product could not be found." },
  E40030002: { status: 404, zh: "未找到该产品分类", en: "The product category could not be found." },
  E40030003: { status: 400, zh: "请指定产品分类或产品型号", en: "Please give a product category or a part number." },
  E40030004: {
    status: 400,
    zh: "该产品分类没有此参数，或此参数不能用于筛选或排序",
    en: "This product category has no such parameter, or it cannot be filtered or sorted on.",
  },
  E40030005: { status: 404, zh: "未找到该文档", en: "The document could not be found." },
  E40030006: { status: 404, zh: "未找到该新闻", en: "The news article could not be found." },
  E40030007: { status: 404, zh: "未找到该职位", en: "The job position could not be found." },
  E40030008: { status: 400, zh: "请输入搜索内容", en: "Please enter something to search for." },
  E40030009: { status: 400, zh: "请填写手机号或邮箱地址", en: "Please enter a mobile number or an email address." },
  E40030010: { status: 400, zh: "请填写产品需求", en: "Please fill in your product demand." },
  E40030027: { status: 404, zh: "未找到该模型文件：型号、版本或文件名不存在", en: "The model file could not be found: no such part, version or file name." },
  // A model validation report (docs/decisions/027-model-topology.md, "The validation report").
  E40027001: { status: 404, zh: "该型号没有模型验证报告", en: "There is no model validation report for this part." },
  E40027002: { status: 404, zh: "该产品系列没有此版本的模型包", en: "This product family has no model pack at this version." },
  // A part's curves, what the HTML datasheet draws (docs/decisions/054-html-datasheet.md).
  E40027003: { status: 404, zh: "该型号没有已发布的曲线数据", en: "There are no published curves for this part." },
  E40030011: { status: 404, zh: "未找到该变更通知", en: "The change notice could not be found." },
  // Document revisions (docs/decisions/040-document-revisions.md).
  E40040001: { status: 404, zh: "该文档没有此版本", en: "The document has no such revision." },
  // Part watches and notice e-mail (docs/decisions/034-part-watches-and-notice-mail.md).
  E40034001: { status: 404, zh: "未找到型号 {part}，无法关注", en: "There is no part {part} to watch." },
  E40034002: {
    status: 409,
    zh: "每个邮箱最多关注 {limit} 个型号，请先取消部分关注",
    en: "One mailbox can watch at most {limit} parts; please stop watching some first.",
  },
  E40034003: {
    status: 400,
    zh: "退订链接无效：它可能不完整或已被改动，请从最新的邮件中打开",
    en: "This unsubscribe link is not valid: it may be incomplete or altered. Please open it from the latest e-mail.",
  },
  E40034004: {
    status: 409,
    zh: "您的账户没有邮箱地址，请用邮箱订阅（我们会先发送确认邮件）",
    en: "Your account has no e-mail address; please subscribe with an e-mail address (we send a confirmation first).",
  },
  E40034005: {
    status: 400,
    zh: "确认链接无效：它可能不完整或已被改动，请从确认邮件中重新打开",
    en: "This confirmation link is not valid: it may be incomplete or altered. Please open it from the confirmation e-mail again.",
  },
  E40034006: {
    status: 410,
    zh: "确认链接已过期（有效期 {hours} 小时），请重新订阅，我们会发送新的确认邮件",
    en: "This confirmation link has expired (it is good for {hours} hours). Please subscribe again and we will send a new one.",
  },
  E40034007: {
    status: 409,
    zh: "此确认链接已使用过，订阅已生效；如需更改，请使用通知邮件中的管理链接",
    en: "This confirmation link was already used and the subscription is in place; to change it, use the manage link in any notice e-mail.",
  },
  E40034008: { status: 404, zh: "未找到产品系列 {family}，无法关注", en: "There is no product family {family} to watch." },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof errorCodes;

/** The code's message; `{name}` placeholders take `values[name]` (a message that names a part, say). */
export function errorMessage(code: ErrorCode, language: Language, values: Record<string, string> = {}): string {
  const text: string = errorCodes[code][language];
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCodes, code);
}

/**
 * The table's generic code for an HTTP status: `E<status>00001` (E40400001 for 404, …), the code every layer
 * answers when all it knows is the status. Undefined for a status the table has no generic code for.
 */
export function statusErrorCode(status: number): ErrorCode | undefined {
  const code = `E${status}00001`;
  return isErrorCode(code) && errorCodes[code].status === status ? code : undefined;
}
