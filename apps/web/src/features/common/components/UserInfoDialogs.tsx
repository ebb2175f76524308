import { App, Form, Input, Radio } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { checkCitizenId, EMAIL_ERROR, isEmail } from '@feikong/contracts';
import { authApi, type PersonInfo } from '@/api/auth';
import { getSession, setSession } from '@/stores/session';
import {
  SmsCodeButton,
  codeRules,
  confirmRules,
  maskPhone,
  newPasswordRules,
  PASSWORD_RULE_TEXT,
  phoneRules,
} from '@/features/login';
import { FormDialog } from './FormDialog';

/** The dialogs of the user-info page (spec §2.3: edit e-mail, phone, password, account). */

interface DialogProps {
  open: boolean;
  onClose: () => void;
  person: PersonInfo | undefined;
}

/** After a change to the person: person info, staff info and anything else of auth is fetched again. */
function useRefreshAuth() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['auth'] });
}

export const ID_CARD_ERROR = '身份证号格式错误';

export function EditEmailDialog({ open, onClose, person }: DialogProps) {
  const [form] = Form.useForm<{ email: string }>();
  const { message } = App.useApp();
  const refresh = useRefreshAuth();
  return (
    <FormDialog
      title="修改邮箱"
      open={open}
      onClose={onClose}
      form={form}
      fields={['email']}
      initialValues={{ email: person?.email ?? '' }}
      onSubmit={async ({ email }) => {
        await authApi.updatePersonInfo({ email: email.trim() });
        refresh();
        void message.success('邮箱修改成功');
      }}
    >
      <Form.Item
        label="邮箱"
        name="email"
        validateFirst
        rules={[
          { required: true, whitespace: true, message: '请输入邮箱' },
          {
            validator: (_, v: string) =>
              isEmail(v.trim()) ? Promise.resolve() : Promise.reject(new Error(EMAIL_ERROR)),
          },
        ]}
      >
        <Input placeholder="请输入邮箱，如 name@company.com" maxLength={100} autoComplete="email" />
      </Form.Item>
    </FormDialog>
  );
}

export function EditPhoneDialog({ open, onClose, person }: DialogProps) {
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const { message } = App.useApp();
  const refresh = useRefreshAuth();
  const current = person?.phone ?? '';
  const newPhone = async () => {
    try {
      return (await form.validateFields(['phone'])).phone;
    } catch {
      return null;
    }
  };
  return (
    <FormDialog
      title="更换手机号"
      open={open}
      onClose={onClose}
      form={form}
      fields={['phone', 'code']}
      onSubmit={async (v) => {
        const { phone } = await authApi.updatePhone(v);
        const s = getSession();
        // The server revoked the remembered devices: they were tied to the old phone.
        setSession({
          phone,
          remembered_device_token: '',
          remembered_phone: s.remembered_phone === current ? phone : s.remembered_phone,
        });
        refresh();
        void message.success('手机号更换成功，请使用新手机号登录');
      }}
    >
      <Form.Item label="当前手机号">
        <Input value={maskPhone(current)} disabled />
      </Form.Item>
      <Form.Item
        label="新手机号"
        name="phone"
        validateFirst
        rules={[
          ...phoneRules,
          {
            validator: (_, v: string) =>
              v === current ? Promise.reject(new Error('新手机号不能与当前手机号相同')) : Promise.resolve(),
          },
        ]}
      >
        <Input placeholder="请输入新手机号" maxLength={11} autoComplete="tel" />
      </Form.Item>
      <Form.Item label="验证码" required>
        <div className="fk-code-row">
          <Form.Item name="code" rules={codeRules} validateFirst>
            <Input
              placeholder="请输入验证码"
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
            />
          </Form.Item>
          <SmsCodeButton getPhone={newPhone} purpose="update_phone" />
        </div>
      </Form.Item>
    </FormDialog>
  );
}

interface PasswordValues {
  old_password?: string;
  password: string;
  confirm: string;
}

/** Old password + new twice; an account without a password (SMS sign-up) sets one instead. */
export function EditPasswordDialog({ open, onClose, person }: DialogProps) {
  const [form] = Form.useForm<PasswordValues>();
  const { message } = App.useApp();
  const refresh = useRefreshAuth();
  const hasPassword = person?.has_password !== false;
  return (
    <FormDialog
      title={hasPassword ? '修改密码' : '设置密码'}
      open={open}
      onClose={onClose}
      form={form}
      fields={['old_password', 'password']}
      onSubmit={async (v) => {
        if (hasPassword) {
          await authApi.updatePassword({ old_password: v.old_password ?? '', password: v.password });
          // Other sessions and every remembered device were revoked by the server.
          setSession({ remembered_device_token: '' });
          void message.success('密码修改成功');
        } else {
          await authApi.setPassword(v.password);
          if (getSession().userStatus === 0) setSession({ userStatus: 1 });
          void message.success('密码设置成功');
        }
        refresh();
      }}
    >
      {hasPassword && (
        <Form.Item label="原密码" name="old_password" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password placeholder="请输入原密码" autoComplete="current-password" maxLength={100} />
        </Form.Item>
      )}
      <Form.Item
        label="新密码"
        name="password"
        rules={newPasswordRules}
        extra={PASSWORD_RULE_TEXT}
        validateFirst
      >
        <Input.Password placeholder="请输入新密码" autoComplete="new-password" maxLength={20} />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm"
        dependencies={['password']}
        rules={confirmRules('password')}
      >
        <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" maxLength={20} />
      </Form.Item>
    </FormDialog>
  );
}

interface AccountValues {
  real_name: string;
  gender: number;
  id_card: string;
}

/** Name, gender and ID card (spec §5: the ID card rule of checkCitizenId). */
export function EditAccountDialog({ open, onClose, person }: DialogProps) {
  const [form] = Form.useForm<AccountValues>();
  const { message } = App.useApp();
  const refresh = useRefreshAuth();
  return (
    <FormDialog
      title="编辑个人资料"
      open={open}
      onClose={onClose}
      form={form}
      fields={['real_name', 'gender', 'id_card']}
      initialValues={{
        real_name: person?.real_name ?? '',
        gender: person?.gender === 1 || person?.gender === 2 ? person.gender : undefined,
        id_card: person?.id_card ?? '',
      }}
      onSubmit={async (v) => {
        const idCard = (v.id_card ?? '').trim().toUpperCase();
        const saved = await authApi.updatePersonInfo({
          real_name: v.real_name.trim(),
          gender: v.gender,
          id_card: idCard,
        });
        if (saved?.real_name) setSession({ username: saved.real_name });
        refresh();
        void message.success('个人资料已保存');
      }}
    >
      <Form.Item
        label="姓名"
        name="real_name"
        rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}
      >
        <Input placeholder="请输入真实姓名" maxLength={50} />
      </Form.Item>
      <Form.Item label="性别" name="gender" rules={[{ required: true, message: '请选择性别' }]}>
        <Radio.Group
          options={[
            { label: '男', value: 1 },
            { label: '女', value: 2 },
          ]}
        />
      </Form.Item>
      <Form.Item
        label="身份证号"
        name="id_card"
        extra="用于报销打款及个税申报，仅本人及授权财务人员可见"
        rules={[
          {
            validator: (_, v: string | undefined) =>
              !v || checkCitizenId(v.trim()).ok
                ? Promise.resolve()
                : Promise.reject(new Error(ID_CARD_ERROR)),
          },
        ]}
      >
        <Input placeholder="请输入18位身份证号" maxLength={18} />
      </Form.Item>
    </FormDialog>
  );
}
