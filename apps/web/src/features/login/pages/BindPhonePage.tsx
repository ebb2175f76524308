import { App, Button, Form } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { authApi } from '@/api/auth';
import { applyFieldErrors } from '@/components/formErrors';
import { getSession, setSession, useSession } from '@/stores/session';
import { AuthLayout } from '../components/AuthLayout';
import { BindOrgDialog } from '../components/BindOrgDialog';
import { AgreementCheckbox } from '../components/AgreementCheckbox';
import { PhoneField, SmsCodeField } from '../components/AuthFields';
import { AGREEMENT_REQUIRED } from '../rules';
import { checkBindOrganization, establishSession } from '../session/flows';

interface BindForm {
  phone: string;
  code: string;
}

/**
 * /bindphone (public, route name bindPhone). Signed out (e.g. a third-party sign-in found no account):
 * verifying a phone by SMS signs in with it, creating a personal account for a new phone. Signed in:
 * the account's phone is replaced by the verified one.
 */
export default function BindPhonePage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useSession((s) => Boolean(s.token));
  const [agreed, setAgreed] = useState(() => getSession().agreement_accepted);
  const [form] = Form.useForm<BindForm>();
  const [busy, setBusy] = useState(false);
  const [bindOpen, setBindOpen] = useState(false);
  const purpose = signedIn ? 'update_phone' : 'login';

  const submit = async (v: BindForm) => {
    if (!signedIn && !agreed) {
      void message.warning(AGREEMENT_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      if (signedIn) {
        const { phone } = await authApi.updatePhone(v);
        setSession({ phone, remembered_phone: phone, remembered_device_token: '' });
        void queryClient.invalidateQueries({ queryKey: ['auth'] });
        void message.success('手机号绑定成功');
        navigate('/userInfo', { replace: true });
      } else {
        setSession({ agreement_accepted: true });
        const reply = await authApi.smsLogin(v);
        await establishSession(reply);
        setSession({ remembered_phone: v.phone });
        await checkBindOrganization();
        void message.success('手机号绑定成功');
        if (getSession().need_bind_org) setBindOpen(true);
        else navigate('/', { replace: true });
      }
    } catch (error) {
      applyFieldErrors(form, error, ['phone', 'code']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title="绑定手机号"
      subtitle={
        signedIn ? '验证新手机号后，将作为您的登录手机号' : '为保障账号安全，首次使用请验证并绑定您的手机号'
      }
    >
      <Form<BindForm> form={form} size="large" requiredMark={false} onFinish={(v) => void submit(v)}>
        <PhoneField />
        <SmsCodeField purpose={purpose} />
        <Button type="primary" htmlType="submit" block loading={busy}>
          {signedIn ? '确认绑定' : '绑定并登录'}
        </Button>
      </Form>
      {!signedIn && (
        <AgreementCheckbox
          checked={agreed}
          onChange={(checked) => {
            setAgreed(checked);
            setSession({ agreement_accepted: checked });
          }}
        />
      )}
      <div className="fk-auth-back">
        {signedIn ? <Link to="/userInfo">返回个人信息</Link> : <Link to="/login">返回登录</Link>}
      </div>
      <BindOrgDialog
        open={bindOpen}
        onDone={() => {
          setBindOpen(false);
          navigate('/', { replace: true });
        }}
      />
    </AuthLayout>
  );
}
