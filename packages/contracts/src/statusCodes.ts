/**
 * HTTP status messages and fixed client texts of spec §8 (plus the few user-facing texts of §2, §4, §5
 * that several screens share). One catalogue, so the request layer and the screens say the same thing.
 */

/**
 * Message per HTTP status. For 400, 401 and 500 the spec says "msg or …": the server's msg wins and
 * the text here is the fallback (see `httpStatusMessage`).
 * 415 is "Unsupported Media Type" in HTTP; the spec maps it to a gateway error, and we follow the spec.
 */
export const HTTP_STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: '请求参数错误!',
  401: '用户没有权限（令牌、用户名、密码错误）!',
  403: '用户得到授权，但是访问是被禁止的!',
  404: '网络请求错误,未找到该资源!',
  405: '网络请求错误,请求方法未允许!',
  408: '网络请求超时!',
  415: '网关错误，请联系管理员!',
  500: '服务器错误,请联系管理员!',
  501: '网络未实现!',
  502: '网络错误!',
  503: '服务不可用，服务器暂时过载或维护!',
  504: '网络超时!',
  505: 'http版本不支持该请求!',
};

/** Statuses whose text is the server msg when one is given (spec §8: "400 server msg; 401 msg or …"). */
export const HTTP_STATUSES_USING_SERVER_MSG: readonly number[] = [400, 401, 500];

/** Text shown for a failed HTTP reply. Unknown statuses fall back to the server msg, then a generic text. */
export function httpStatusMessage(status: number, serverMsg?: string | null): string {
  const msg = typeof serverMsg === 'string' ? serverMsg.trim() : '';
  if (HTTP_STATUSES_USING_SERVER_MSG.includes(status) && msg) return msg;
  const known = HTTP_STATUS_MESSAGES[status];
  if (known) return known;
  return msg || `请求失败（状态码 ${status}）!`;
}

// ---- Request layer ----
export const TIMEOUT_MESSAGE = '接口请求超时,请刷新页面重试!';
export const NETWORK_ERROR_MESSAGE = '网络异常，请检查您的网络连接是否正常!';
export const MENU_LOAD_ERROR = '菜单加载错误';
export const LOGIN_EXPIRED = '登录过期，请重新登录';

// ---- Success and dialog titles ----
export const SWITCH_SUCCESS = '切换成功！';
export const BIND_SUCCESS = '绑定成功！';
export const MARK_ALL_READ = '已全部标记为已读！';
export const DEFAULT_SUCCESS = '操作成功';
export const SUCCESS_TITLE = '成功提示';
export const SYSTEM_NOTICE_TITLE = '系统提示';
/** Title of the confirm-dialog form of an HTTP error. */
export const ERROR_DIALOG_TITLE = '错误提示';

// ---- Upload, lists, filters ----
export const UPLOAD_FAILED = '上传失败！';
export const EMPTY_TEXT = '空空如也~';
export const NO_SEARCH_RESULT = '没有搜索到相关内容~';
export const MONEY_RANGE_ERROR = '金额的最大值不可小于最小值';
export const CHOOSE_EXACT = '请选择准确的数据';

// ---- Organisations and session ----
export const CHOOSE_BIND_ORG = '请选择要绑定的组织！';
export const PERSONAL_NO_ORG = '您还未加入到任何组织，请先加入组织';
export const BIND_ORG_TITLE = '请选择您所在的组织';
export const LOGOUT_CONFIRM = '确定退出当前账号？';
/** Switch-organisation confirmation (spec §2.5). */
export function switchOrgConfirm(orgName: string): string {
  return `确定要切换到组织【${orgName}】吗？`;
}

// ---- Printing ----
export const PRINT_CONFIG_LOAD_FAILED = '获取所关联的单据配置失败';
export const PRINT_FAILED = '打印失败';
export const PRINT_ERROR = '打印出错';
export const PRINT_NOTHING = '暂无可打印内容';
export const PRINT_CHOOSE_TYPE = '请选择打印类型';

// ---- Selection before batch actions (spec §5: three screens, three wordings) ----
export const SELECT_DATA_FIRST = '请先选择数据！';
export const SELECT_AT_LEAST_ONE = '请至少选择一条数据！';
export const SELECT_DATA_TO_OPERATE = '请选择要操作的数据';
