import { Button } from 'antd';
import { useState } from 'react';
import { isMobile } from '@feikong/contracts';
import { authApi, type SmsPurpose } from '@/api/auth';
import { SMS_RESEND_SECONDS, smsButtonText, useCountdown } from '../hooks/useCountdown';

interface Props {
  /** Reads (and validates) the phone when clicked; return null to stop (the form shows why). */
  getPhone: () => Promise<string | null> | string | null;
  purpose?: SmsPurpose;
  /** Called after the server accepted the send. */
  onSent?: (phone: string) => void;
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
}

/** 获取验证码 → 60 s countdown 重新发送(59s) → 重新发送 (spec: SMS-code login, forgot password, phone change). */
export function SmsCodeButton({ getPhone, purpose = 'login', onSent, size, block }: Props) {
  const { left, running, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);

  const send = async () => {
    const phone = await getPhone();
    if (!phone || !isMobile(phone)) return;
    setSending(true);
    try {
      const reply = await authApi.sendSmsCode(phone, purpose);
      setSentOnce(true);
      start(reply?.resend_in || SMS_RESEND_SECONDS);
      onSent?.(phone);
    } catch {
      // the request client showed the server's reason (e.g. 发送过于频繁)
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      size={size}
      block={block}
      disabled={running}
      loading={sending}
      onClick={() => void send()}
      className="fk-sms-button"
    >
      {smsButtonText(left, sentOnce)}
    </Button>
  );
}
