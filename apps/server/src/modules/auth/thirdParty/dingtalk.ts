import { callJson, expectErrcodeOk, withQuery } from './http.js';
import { normaliseMobile, ThirdPartyError, type ThirdApp, type ThirdPartyAdapter } from './types.js';

/**
 * DingTalk (oapi.dingtalk.com), an enterprise internal app's login-free code (免登授权码):
 *   GET  /gettoken?appkey=&appsecret=                 → { errcode, errmsg, access_token, expires_in }
 *   POST /topapi/v2/user/getuserinfo?access_token=    { code }             → { errcode, result: { userid, unionid, name } }
 *   POST /topapi/v2/user/get?access_token=            { userid, language } → { errcode, result: { userid, name, mobile, … } }
 * The oapi flow (rather than api.dingtalk.com /v1.0/oauth2/userAccessToken + /v1.0/contact/users/me)
 * gives the corp's userid, which is what the org sync and staff bindings use.
 */
export const dingtalkAdapter: ThirdPartyAdapter = {
  platform: 'dingtalk',
  async identify(app: ThirdApp, code: string) {
    const t = { timeoutMs: app.timeoutMs };
    const token = expectErrcodeOk(
      await callJson(withQuery(app.apiBase, '/gettoken', { appkey: app.appKey, appsecret: app.appSecret }), {
        method: 'GET',
        ...t,
      }),
    ).access_token;
    if (typeof token !== 'string' || token === '') throw new ThirdPartyError('未获取到访问凭证');

    const info = expectErrcodeOk(
      await callJson(withQuery(app.apiBase, '/topapi/v2/user/getuserinfo', { access_token: token }), {
        method: 'POST',
        body: { code },
        ...t,
      }),
    ).result;
    const userid = info?.userid;
    if (typeof userid !== 'string' || userid === '') throw new ThirdPartyError('未获取到用户信息');

    const user = expectErrcodeOk(
      await callJson(withQuery(app.apiBase, '/topapi/v2/user/get', { access_token: token }), {
        method: 'POST',
        body: { userid, language: 'zh_CN' },
        ...t,
      }),
    ).result;
    return {
      thirdUserId: userid,
      mobile: normaliseMobile(user?.mobile),
      name: typeof user?.name === 'string' ? user.name : (info?.name ?? null),
      corpId: null,
    };
  },
};
