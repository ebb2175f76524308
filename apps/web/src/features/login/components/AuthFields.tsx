import { LockOutlined, MobileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import type { SmsPurpose } from '@/api/auth';
import { codeRules, confirmRules, newPasswordRules, PASSWORD_RULE_TEXT, phoneRules } from '../rules';
import { SmsCodeButton } from './SmsCodeButton';

// The fields the sign-in screens share (login by SMS, bind phone, forgot / set password). They sit
// in the screen's own <Form>: field names phone, code, password and confirm.

/** 手机号 (field `phone`). */
export function PhoneField({ autoComplete = 'tel' }: { autoComplete?: string }) {
  return (
    <Form.Item name="phone" rules={phoneRules} validateFirst>
      <Input
        prefix={<MobileOutlined />}
        maxLength={11}
        placeholder="请输入手机号"
        autoComplete={autoComplete}
      />
    </Form.Item>
  );
}

/** 验证码 (field `code`) with 获取验证码, which validates and reads the form's `phone` first. */
export function SmsCodeField({ purpose }: { purpose?: SmsPurpose }) {
  const form = Form.useFormInstance<{ phone: string }>();
  const phone = async () => {
    try {
      return (await form.validateFields(['phone'])).phone;
    } catch {
      return null;
    }
  };
  return (
    <Form.Item required>
      <div className="fk-code-row">
        <Form.Item name="code" rules={codeRules} validateFirst>
          <Input
            prefix={<SafetyCertificateOutlined />}
            maxLength={6}
            placeholder="请输入验证码"
            autoComplete="one-time-code"
            inputMode="numeric"
          />
        </Form.Item>
        <SmsCodeButton getPhone={phone} purpose={purpose} size="large" />
      </div>
    </Form.Item>
  );
}

/** The new password (field `password`, with the rule below it) and 请再次输入新密码 (field `confirm`). */
export function NewPasswordFields() {
  return (
    <>
      <Form.Item name="password" rules={newPasswordRules} extra={PASSWORD_RULE_TEXT} validateFirst>
        <Input.Password
          prefix={<LockOutlined />}
          maxLength={20}
          placeholder="请输入新密码"
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item name="confirm" dependencies={['password']} rules={confirmRules('password')}>
        <Input.Password
          prefix={<LockOutlined />}
          maxLength={20}
          placeholder="请再次输入新密码"
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
