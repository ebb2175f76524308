import { describe, expect, it } from 'vitest';
import {
  HTTP_STATUS_MESSAGES,
  LOGIN_EXPIRED,
  NETWORK_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
  httpStatusMessage,
  switchOrgConfirm,
} from './statusCodes.js';

describe('httpStatusMessage', () => {
  it('400, 401 and 500 prefer the server msg', () => {
    expect(httpStatusMessage(400, '名称不能为空')).toBe('名称不能为空');
    expect(httpStatusMessage(401, '令牌已失效')).toBe('令牌已失效');
    expect(httpStatusMessage(500, '数据库忙')).toBe('数据库忙');
  });
  it('400, 401 and 500 fall back to the catalogue without a msg', () => {
    expect(httpStatusMessage(401)).toBe('用户没有权限（令牌、用户名、密码错误）!');
    expect(httpStatusMessage(500, '  ')).toBe('服务器错误,请联系管理员!');
    expect(httpStatusMessage(400, null)).toBe('请求参数错误!');
  });
  it('other known statuses ignore the server msg', () => {
    expect(httpStatusMessage(403, 'x')).toBe('用户得到授权，但是访问是被禁止的!');
    expect(httpStatusMessage(404)).toBe('网络请求错误,未找到该资源!');
    expect(httpStatusMessage(405)).toBe('网络请求错误,请求方法未允许!');
    expect(httpStatusMessage(408)).toBe('网络请求超时!');
    // Spec §8 maps 415 to a gateway error (HTTP calls it Unsupported Media Type).
    expect(httpStatusMessage(415)).toBe('网关错误，请联系管理员!');
    expect(httpStatusMessage(501)).toBe('网络未实现!');
    expect(httpStatusMessage(502)).toBe('网络错误!');
    expect(httpStatusMessage(503)).toBe('服务不可用，服务器暂时过载或维护!');
    expect(httpStatusMessage(504)).toBe('网络超时!');
    expect(httpStatusMessage(505)).toBe('http版本不支持该请求!');
  });
  it('covers exactly the statuses of spec §8', () => {
    expect(Object.keys(HTTP_STATUS_MESSAGES).map(Number)).toEqual([
      400, 401, 403, 404, 405, 408, 415, 500, 501, 502, 503, 504, 505,
    ]);
  });
  it('unknown statuses use the msg, then a generic text', () => {
    expect(httpStatusMessage(418, '茶壶')).toBe('茶壶');
    expect(httpStatusMessage(418)).toBe('请求失败（状态码 418）!');
  });
});

describe('client messages', () => {
  it('match the spec wording', () => {
    expect(TIMEOUT_MESSAGE).toBe('接口请求超时,请刷新页面重试!');
    expect(NETWORK_ERROR_MESSAGE).toBe('网络异常，请检查您的网络连接是否正常!');
    expect(LOGIN_EXPIRED).toBe('登录过期，请重新登录');
    expect(switchOrgConfirm('杭州分公司')).toBe('确定要切换到组织【杭州分公司】吗？');
  });
});
