import { App, Button, Form, Result, Skeleton } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { SessionUserStatus } from '@feikong/contracts';
import { authApi } from '@/api/auth';
import { applyFieldErrors } from '@/components/formErrors';
import { getSession, setSession, useSession } from '@/stores/session';
import { personInfoQuery } from '@/features/common';
import { AuthLayout } from '../components/AuthLayout';
import { NewPasswordFields } from '../components/AuthFields';

interface SetForm {
  password: string;
  confirm: string;
}

/** /setPassword: a signed-in account created by SMS (no password yet) sets its login password. */
export default function SetPasswordPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useSession((x) => Boolean(x.token));
  const person = useQuery({ ...personInfoQuery, enabled: signedIn });
  const [form] = Form.useForm<SetForm>();
  const [busy, setBusy] = useState(false);

  const submit = async (v: SetForm) => {
    setBusy(true);
    try {
      await authApi.setPassword(v.password);
      if (getSession().userStatus === SessionUserStatus.unregistered) {
        setSession({ userStatus: SessionUserStatus.personal });
      }
      void queryClient.invalidateQueries({ queryKey: personInfoQuery.queryKey });
      void message.success('密码设置成功');
      navigate('/', { replace: true });
    } catch (error) {
      applyFieldErrors(form, error, ['password']);
    } finally {
      setBusy(false);
    }
  };

  if (!signedIn) return <Navigate to="/login" replace />;

  return (
    <AuthLayout title="设置登录密码" subtitle="设置密码后，可使用手机号 + 密码登录">
      {person.isPending && <Skeleton active />}
      {person.isSuccess && person.data.has_password ? (
        <Result
          status="info"
          title="您已设置过登录密码"
          subTitle="如需更改，请前往个人信息页修改密码"
          extra={[
            <Button key="user" type="primary" onClick={() => navigate('/userInfo')}>
              前往个人信息
            </Button>,
            <Button key="home" onClick={() => navigate('/')}>
              返回首页
            </Button>,
          ]}
        />
      ) : (
        !person.isPending && (
          <Form<SetForm> form={form} size="large" requiredMark={false} onFinish={(v) => void submit(v)}>
            <NewPasswordFields />
            <Button type="primary" htmlType="submit" block loading={busy}>
              确定
            </Button>
            <Button
              type="link"
              block
              style={{ marginTop: 8 }}
              onClick={() => navigate('/', { replace: true })}
            >
              暂不设置，进入首页
            </Button>
          </Form>
        )
      )}
    </AuthLayout>
  );
}
