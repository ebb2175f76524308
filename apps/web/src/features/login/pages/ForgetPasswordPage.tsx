import { App, Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { authApi } from '@/api/auth';
import { applyFieldErrors } from '@/components/formErrors';
import { setSession } from '@/stores/session';
import { AuthLayout } from '../components/AuthLayout';
import { NewPasswordFields, PhoneField, SmsCodeField } from '../components/AuthFields';

interface ForgetForm {
  phone: string;
  code: string;
  password: string;
  confirm: string;
}

/** 找回密码: phone, SMS code (type retrieve), the new password twice; then back to the login page. */
export default function ForgetPasswordPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ForgetForm>();
  const [busy, setBusy] = useState(false);

  const submit = async (v: ForgetForm) => {
    setBusy(true);
    try {
      await authApi.retrievePassword({ phone: v.phone, code: v.code, password: v.password });
      // The server revoked every session and remembered device of the account.
      setSession({ remembered_phone: v.phone, remembered_device_token: '' });
      void message.success('密码重置成功，请使用新密码登录');
      navigate('/login', { replace: true });
    } catch (error) {
      applyFieldErrors(form, error, ['phone', 'code', 'password']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="找回密码" subtitle="验证手机号后即可设置新的登录密码">
      <Form<ForgetForm> form={form} size="large" requiredMark={false} onFinish={(v) => void submit(v)}>
        <PhoneField autoComplete="username" />
        <SmsCodeField purpose="retrieve" />
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" block loading={busy}>
          重置密码
        </Button>
      </Form>
      <div className="fk-auth-back">
        想起密码了？<Link to="/login">返回登录</Link>
      </div>
    </AuthLayout>
  );
}
