import { callJson, withQuery } from './http.js';
import { normaliseMobile, ThirdPartyError, type ThirdApp, type ThirdPartyAdapter } from './types.js';

/**
 * Feishu / Lark (open.feishu.cn), web-app login pre-authorisation code:
 *   POST /open-apis/auth/v3/app_access_token/internal { app_id, app_secret } → { code, msg, app_access_token }
 *   POST /open-apis/authen/v1/oidc/access_token  (Bearer app_access_token) { grant_type, code }
 *                                                 → { code, msg, data: { access_token } }
 *   GET  /open-apis/authen/v1/user_info          (Bearer user_access_token)
 *                                                 → { code, msg, data: { user_id?, open_id, name, mobile?, tenant_key } }
 * Feishu's error field is `code` (not errcode); mobiles come as +86…; tenant_key names the organisation.
 */
function expectCodeOk(body: Record<string, any>): Record<string, any> {
  if (Number(body.code ?? 0) !== 0) throw new ThirdPartyError(String(body.msg || `错误码 ${body.code}`));
  return body;
}

export const feishuAdapter: ThirdPartyAdapter = {
  platform: 'feishu',
  async identify(app: ThirdApp, code: string) {
    const t = { timeoutMs: app.timeoutMs };
    const appToken = expectCodeOk(
      await callJson(withQuery(app.apiBase, '/open-apis/auth/v3/app_access_token/internal', {}), {
        method: 'POST',
        body: { app_id: app.appKey, app_secret: app.appSecret },
        ...t,
      }),
    ).app_access_token;
    if (typeof appToken !== 'string' || appToken === '') throw new ThirdPartyError('未获取到访问凭证');

    const userToken = expectCodeOk(
      await callJson(withQuery(app.apiBase, '/open-apis/authen/v1/oidc/access_token', {}), {
        method: 'POST',
        headers: { authorization: `Bearer ${appToken}` },
        body: { grant_type: 'authorization_code', code },
        ...t,
      }),
    ).data?.access_token;
    if (typeof userToken !== 'string' || userToken === '') throw new ThirdPartyError('未获取到用户凭证');

    const user = expectCodeOk(
      await callJson(withQuery(app.apiBase, '/open-apis/authen/v1/user_info', {}), {
        method: 'GET',
        headers: { authorization: `Bearer ${userToken}` },
        ...t,
      }),
    ).data;
    const id = user?.user_id || user?.open_id;
    if (typeof id !== 'string' || id === '') throw new ThirdPartyError('未获取到用户信息');
    return {
      thirdUserId: id,
      mobile: normaliseMobile(user.mobile),
      name: typeof user.name === 'string' ? user.name : null,
      corpId: typeof user.tenant_key === 'string' ? user.tenant_key : null,
    };
  },
};
