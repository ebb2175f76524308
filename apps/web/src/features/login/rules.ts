import type { FormRule } from 'antd';
import { MOBILE_ERROR, isMobile } from '@feikong/contracts';

/** The server's password rule (apps/server/src/modules/auth/passwords.ts), checked before sending. */
export const PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,20}$/;
export const PASSWORD_RULE_TEXT = '密码须为8-20位，且同时包含字母和数字';
export const AGREEMENT_REQUIRED = '请先阅读并同意用户协议和隐私政策';

/** Phone: required, then spec §5 (11 digits starting with 1, else 手机号格式错误). */
export const phoneRules: FormRule[] = [
  { required: true, message: '请输入手机号' },
  {
    validator: (_, v: string | undefined) =>
      !v || isMobile(v) ? Promise.resolve() : Promise.reject(new Error(MOBILE_ERROR)),
  },
];

export const codeRules: FormRule[] = [
  { required: true, message: '请输入验证码' },
  { pattern: /^\d{6}$/, message: '验证码为6位数字' },
];

export const newPasswordRules: FormRule[] = [
  { required: true, message: '请输入新密码' },
  { pattern: PASSWORD_RE, message: PASSWORD_RULE_TEXT },
];

/** "Enter it again": must equal the field `of`. */
export function confirmRules(of: string): FormRule[] {
  return [
    { required: true, message: '请再次输入新密码' },
    ({ getFieldValue }) => ({
      validator: (_, v: string | undefined) =>
        !v || v === getFieldValue(of) ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
    }),
  ];
}

/** 138****0001: the middle four digits hidden. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}
