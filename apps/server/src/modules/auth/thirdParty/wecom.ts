import { callJson, expectErrcodeOk, withQuery } from './http.js';
import { normaliseMobile, ThirdPartyError, type ThirdApp, type ThirdPartyAdapter } from './types.js';

/**
 * WeCom / 企业微信 (qyapi.weixin.qq.com), OAuth or scan-login code of a self-built app:
 *   GET  /cgi-bin/gettoken?corpid=&corpsecret=               → { errcode, errmsg, access_token, expires_in }
 *   GET  /cgi-bin/auth/getuserinfo?access_token=&code=        → { errcode, userid, user_ticket? } (non-members: openid)
 *   GET  /cgi-bin/user/get?access_token=&userid=              → { errcode, userid, name, mobile?, … }
 *   POST /cgi-bin/auth/getuserdetail?access_token= {user_ticket} → { errcode, mobile, … }
 * Apps created since mid-2022 get no mobile from user/get; it comes from getuserdetail (needs user_ticket,
 * i.e. the snsapi_privateinfo scope).
 */
export const wecomAdapter: ThirdPartyAdapter = {
  platform: 'wecom',
  async identify(app: ThirdApp, code: string) {
    const t = { timeoutMs: app.timeoutMs };
    const token = expectErrcodeOk(
      await callJson(
        withQuery(app.apiBase, '/cgi-bin/gettoken', { corpid: app.corpId, corpsecret: app.appSecret }),
        {
          method: 'GET',
          ...t,
        },
      ),
    ).access_token;
    if (typeof token !== 'string' || token === '') throw new ThirdPartyError('未获取到访问凭证');

    const info = expectErrcodeOk(
      await callJson(withQuery(app.apiBase, '/cgi-bin/auth/getuserinfo', { access_token: token, code }), {
        method: 'GET',
        ...t,
      }),
    );
    // The older /cgi-bin/user/getuserinfo spelled it UserId.
    const userid = info.userid ?? info.UserId;
    if (typeof userid !== 'string' || userid === '') throw new ThirdPartyError('该用户不是企业成员');

    const user = expectErrcodeOk(
      await callJson(withQuery(app.apiBase, '/cgi-bin/user/get', { access_token: token, userid }), {
        method: 'GET',
        ...t,
      }),
    );
    let mobile = normaliseMobile(user.mobile);
    if (!mobile && typeof info.user_ticket === 'string' && info.user_ticket !== '') {
      const detail = expectErrcodeOk(
        await callJson(withQuery(app.apiBase, '/cgi-bin/auth/getuserdetail', { access_token: token }), {
          method: 'POST',
          body: { user_ticket: info.user_ticket },
          ...t,
        }),
      );
      mobile = normaliseMobile(detail.mobile);
    }
    return {
      thirdUserId: userid,
      mobile,
      name: typeof user.name === 'string' ? user.name : null,
      corpId: null,
    };
  },
};
