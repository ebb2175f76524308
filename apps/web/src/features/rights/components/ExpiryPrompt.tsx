import { ExclamationCircleFilled } from '@ant-design/icons';
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { ProductVersionDetail } from '@/api/productVersion';
import { getSession } from '@/stores/session';
import { logoutNow } from '@/features/login';
import { expiryDateOfSeconds, purchasePath } from '../rules';

export const EXPIRY_TITLE = '服务已到期';
/** The spec's wording (§4.4); the support phone is not given, so no number is shown. */
export const EXPIRY_ADVICE = '服务已到期，请续费或联系客服。如需帮助请联系您的客户经理。';
export const RENEW_TEXT = '去续费';
export const LOGOUT_TEXT = '退出登录';

/** What expired and when, e.g. 「过期示例公司」的标准版已于2026-10-23到期，当前无法继续使用。 */
export function expirySummary(detail: ProductVersionDetail, orgName: string): string {
  const who = orgName ? `「${orgName}」的` : '您的';
  const what = detail.product_version_name || '产品版本';
  const date = expiryDateOfSeconds(detail.expired_date);
  return `${who}${what}${date ? `已于${date}到期` : '已到期'}，当前无法继续使用。`;
}

function ExpiryContent({ detail, orgName }: { detail: ProductVersionDetail; orgName: string }) {
  return (
    <div className="fk-expiry-body" data-testid="expiry-prompt">
      <p style={{ margin: '4px 0 8px', color: '#1f2329' }}>{expirySummary(detail, orgName)}</p>
      <p style={{ margin: 0, color: '#646a73' }}>{EXPIRY_ADVICE}</p>
    </div>
  );
}

export interface ExpiryPromptControl {
  /** Opens the prompt (once: a second call while it is open does nothing). */
  show(detail: ProductVersionDetail): void;
  /** Closes it (an exempt route, a renewed version, the shell unmounting). */
  hide(): void;
}

/**
 * The blocking expiry prompt of spec §4.4: an antd Modal that no outside click, Escape or close button
 * dismisses. 去续费 opens productVersion (an exempt route, so the prompt stays away there); 退出登录
 * logs out (server logout, state cleared except the kept fields, /login).
 */
export function useExpiryPrompt(): ExpiryPromptControl {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const open = useRef<{ destroy(): void } | null>(null);

  const hide = useCallback(() => {
    open.current?.destroy();
    open.current = null;
  }, []);

  const show = useCallback(
    (detail: ProductVersionDetail) => {
      if (open.current) return;
      open.current = modal.confirm({
        title: EXPIRY_TITLE,
        icon: <ExclamationCircleFilled style={{ color: '#f5222d' }} />,
        content: <ExpiryContent detail={detail} orgName={getSession().top_org_name} />,
        closable: false,
        mask: { closable: false },
        keyboard: false,
        centered: true,
        width: 460,
        okText: RENEW_TEXT,
        cancelText: LOGOUT_TEXT,
        rootClassName: 'fk-expiry-prompt',
        focusable: { autoFocusButton: 'ok' },
        onOk: () => {
          open.current = null;
          navigate(purchasePath('productVersion'));
        },
        onCancel: () => {
          open.current = null;
          logoutNow();
        },
      });
    },
    [modal, navigate],
  );

  // The shell unmounting (logout elsewhere, a switch) takes the prompt with it.
  useEffect(() => hide, [hide]);
  return useMemo(() => ({ show, hide }), [show, hide]);
}
