import { Button, Result, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { authApi } from '@/api/auth';
import { parseReplyError } from '@/api/http/request';
import { getSession } from '@/stores/session';
import { AuthLayout } from '../components/AuthLayout';
import { BindOrgDialog } from '../components/BindOrgDialog';
import { checkBindOrganization, establishSession } from '../session/flows';

/** Names of the platforms the server signs in with (auth.routes.ts: third/:platform/login). */
export const PLATFORM_NAMES: Record<string, string> = { dingtalk: '钉钉', wecom: '企业微信', feishu: '飞书' };

/** `state` may carry where to go after signing in; only a same-site path is followed. */
function targetOf(state: string | null): string {
  return state && state.startsWith('/') && !state.startsWith('//') ? state : '/';
}

/**
 * /auth/:platform/:corpId? (public, route name auth): the platform redirects here with `code` (and
 * `state`); the code is exchanged once for a session, or the failure is shown with a way back to /login.
 */
export default function ThirdPartyCallbackPage() {
  const { platform = '', corpId } = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const code = query.get('code');
  const target = targetOf(query.get('state'));
  const [error, setError] = useState<string | null>(code ? null : '缺少授权码，请从第三方平台重新进入');
  const [bindOpen, setBindOpen] = useState(false);
  const started = useRef(false); // a callback code works once: never exchange it twice
  const platformName = PLATFORM_NAMES[platform] ?? '第三方平台';

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    (async () => {
      try {
        const reply = await authApi.thirdLogin(platform, code, corpId);
        queryClient.removeQueries({ type: 'inactive' });
        await establishSession(reply);
        await checkBindOrganization();
        if (getSession().need_bind_org) setBindOpen(true);
        else navigate(target, { replace: true });
      } catch (e) {
        const decision = parseReplyError(e);
        setError(
          decision.action === 'ignore' || decision.action === 'logout'
            ? '登录失败，请重试'
            : decision.message,
        );
      }
    })();
  }, [code, platform, corpId, navigate, queryClient, target]);

  return (
    <AuthLayout title={`${platformName}登录`} subtitle="正在通过第三方平台安全登录">
      {error ? (
        <Result
          status="error"
          title="登录失败"
          subTitle={error}
          extra={[
            <Link key="login" to="/login">
              <Button type="primary">返回登录页</Button>
            </Link>,
            <Link key="phone" to="/bindphone">
              <Button>使用手机号验证登录</Button>
            </Link>,
          ]}
        />
      ) : (
        <div style={{ textAlign: 'center', padding: '72px 0' }}>
          <Spin size="large" />
          <p style={{ marginTop: 24, color: '#646a73' }}>正在登录，请稍候…</p>
        </div>
      )}
      <BindOrgDialog
        open={bindOpen}
        onDone={() => {
          setBindOpen(false);
          navigate(target, { replace: true });
        }}
      />
    </AuthLayout>
  );
}
