import { LockOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Form, Input, Tabs } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { authApi, type LoginReply } from '@/api/auth';
import { RequestError } from '@/api/http/request';
import { applyFieldErrors } from '@/components/formErrors';
import { getSession, setSession, useSession } from '@/stores/session';
import { loadMenus } from '@/platform/menuStore';
import { bus } from '@/platform/bus';
import { usePrerenderHandoff } from '@/platform/prerender';
import { AuthLayout } from '../components/AuthLayout';
import { AgreementCheckbox } from '../components/AgreementCheckbox';
import { PhoneField, SmsCodeField } from '../components/AuthFields';
import { AGREEMENT_REQUIRED } from '../rules';
import {
  checkBindOrganization,
  establishSession,
  forgetRememberedDevice,
  rememberAfterLogin,
} from '../session/flows';

// Only a few users ever see it (after signing in): its list, radios and query code stay out of the first screen.
const BindOrgDialog = lazy(() =>
  import('../components/BindOrgDialog').then((m) => ({ default: m.BindOrgDialog })),
);

interface PasswordForm {
  phone: string;
  password: string;
  remember: boolean;
}
interface SmsForm {
  phone: string;
  code: string;
}

/** Stands in the password box while a remembered device is used. It is not a password and is never sent. */
export const REMEMBERED_MASK = '********';
/** auth.errors.ts deviceTokenInvalid: the remembered device was revoked or expired. */
const DEVICE_TOKEN_INVALID = 98001003;

type TabKey = 'password' | 'sms';

/** Where to go after signing in: the page the guard came from, else home. */
function targetOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' &&
    from.startsWith('/') &&
    !from.startsWith('//') &&
    !from.startsWith('/login')
    ? from
    : '/';
}

/**
 * Login (spec §2.3, §4.1): password or SMS code, 记住密码 (a revocable device token, never the password),
 * the agreements, then the session; the bind-organisation dialog when the organisation list needs a choice.
 */
export default function LoginPage() {
  // login.html's build-time copy of this screen goes as this one is drawn (also when leaving at once below).
  usePrerenderHandoff();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [passwordForm] = Form.useForm<PasswordForm>();
  const [smsForm] = Form.useForm<SmsForm>();
  const [tab, setTab] = useState<TabKey>('password');
  const [agreed, setAgreed] = useState(session.agreement_accepted);
  const [deviceMode, setDeviceMode] = useState(
    Boolean(session.remembered_device_token && session.remembered_phone),
  );
  const [busy, setBusy] = useState(false);
  const [bindOpen, setBindOpen] = useState(false);
  const bindOrgOpen = bindOpen || (Boolean(session.token) && session.need_bind_org && !busy);
  const target = targetOf(location.state);

  // Already signed in (and nothing left to choose): nothing to do here.
  if (session.token && !busy && !bindOpen && !session.need_bind_org) return <Navigate to={target} replace />;

  const ensureAgreed = () => {
    if (agreed) return true;
    void message.warning(AGREEMENT_REQUIRED);
    return false;
  };

  const onAgreedChange = (value: boolean) => {
    setAgreed(value);
    setSession({ agreement_accepted: value });
  };

  /** After any successful login: session (spec §4.1), then home or the bind dialog. */
  const complete = async (reply: LoginReply, remember: (reply: LoginReply) => void) => {
    await establishSession(reply);
    remember(reply);
    await checkBindOrganization();
    if (getSession().need_bind_org) return setBindOpen(true);
    // Menus, shell chunks and the workbench's data start now, not once the layout's chunk is in.
    void loadMenus().catch(() => undefined);
    bus.emit('signedIn', { path: target });
    navigate(target, { replace: true });
  };

  const loginWithPassword = async (values: PasswordForm) => {
    if (!ensureAgreed()) return;
    const useDevice = deviceMode && values.phone === session.remembered_phone;
    setBusy(true);
    try {
      const reply = await authApi.login(
        useDevice
          ? { phone: values.phone, device_token: session.remembered_device_token }
          : {
              phone: values.phone,
              password: values.password,
              remember: values.remember,
              // A device that signed in before says so: the phone-wide lock lets it through
              // (docs/decisions/0014-login-throttling.md).
              ...(session.remembered_device_token && values.phone === session.remembered_phone
                ? { device_token: session.remembered_device_token }
                : {}),
            },
      );
      await complete(reply, (r) =>
        rememberAfterLogin({ phone: values.phone, remember: values.remember, reply: r }),
      );
    } catch (error) {
      if (error instanceof RequestError && error.code === DEVICE_TOKEN_INVALID) {
        forgetRememberedDevice();
        setDeviceMode(false);
        passwordForm.setFieldValue('password', '');
      }
      applyFieldErrors(passwordForm, error, ['phone', 'password']);
    } finally {
      setBusy(false);
    }
  };

  const loginWithCode = async (values: SmsForm) => {
    if (!ensureAgreed()) return;
    setBusy(true);
    try {
      const reply = await authApi.smsLogin(values);
      await complete(reply, () => setSession({ remembered_phone: values.phone }));
    } catch (error) {
      applyFieldErrors(smsForm, error, ['phone', 'code']);
    } finally {
      setBusy(false);
    }
  };

  /** The masked placeholder goes away as soon as the password or the phone is edited. */
  const onPasswordValues = (changed: Partial<PasswordForm>) => {
    if (!deviceMode) return;
    if (changed.password !== undefined) {
      const typed = changed.password;
      setDeviceMode(false);
      passwordForm.setFieldValue(
        'password',
        typed.startsWith(REMEMBERED_MASK)
          ? typed.slice(REMEMBERED_MASK.length)
          : typed.length < REMEMBERED_MASK.length
            ? ''
            : typed,
      );
    } else if (changed.phone !== undefined && changed.phone !== session.remembered_phone) {
      setDeviceMode(false);
      passwordForm.setFieldValue('password', '');
    }
  };

  const passwordTab = (
    <Form<PasswordForm>
      form={passwordForm}
      size="large"
      onFinish={(v) => void loginWithPassword(v)}
      onValuesChange={onPasswordValues}
      requiredMark={false}
      initialValues={{
        phone: session.remembered_phone,
        password: deviceMode ? REMEMBERED_MASK : '',
        remember: Boolean(session.remembered_device_token),
      }}
    >
      <PhoneField autoComplete="username" />
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="请输入密码"
          autoComplete={deviceMode ? 'off' : 'current-password'}
          visibilityToggle={!deviceMode}
          maxLength={deviceMode ? undefined : 20}
        />
      </Form.Item>
      <div className="fk-auth-row">
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>记住密码</Checkbox>
        </Form.Item>
        <Link to="/forgetPassword">忘记密码？</Link>
      </div>
      <Button type="primary" htmlType="submit" block loading={busy}>
        登录
      </Button>
    </Form>
  );

  const smsTab = (
    <Form<SmsForm>
      form={smsForm}
      size="large"
      onFinish={(v) => void loginWithCode(v)}
      requiredMark={false}
      initialValues={{ phone: session.remembered_phone }}
    >
      <PhoneField />
      <SmsCodeField />
      <div className="fk-auth-row">
        <span style={{ color: '#8a8f99', fontSize: 13 }}>未注册的手机号验证后将自动创建账号</span>
      </div>
      <Button type="primary" htmlType="submit" block loading={busy}>
        登录
      </Button>
    </Form>
  );

  return (
    <AuthLayout title="登录" subtitle="欢迎使用费控，开启高效的企业费用管理">
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as TabKey)}
        items={[
          { key: 'password', label: '密码登录', children: passwordTab },
          { key: 'sms', label: '验证码登录', children: smsTab },
        ]}
      />
      <AgreementCheckbox checked={agreed} onChange={onAgreedChange} />
      {bindOrgOpen && (
        <Suspense fallback={null}>
          <BindOrgDialog
            open
            onDone={() => {
              setBindOpen(false);
              navigate(target, { replace: true });
            }}
          />
        </Suspense>
      )}
    </AuthLayout>
  );
}
