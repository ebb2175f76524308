import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt } from '@/test/screenHarness';
import { EXPIRY_ADVICE, expirySummary, useExpiryPrompt } from './ExpiryPrompt';

const logoutNow = vi.fn();
vi.mock('@/features/login/hooks/useSessionActions', () => ({ logoutNow: () => logoutNow() }));

const detail = {
  product_version_name: '标准版',
  status: 1,
  // 2026-10-24 00:00 in Shanghai: the version worked through 10-23 (contracts versionLastDay).
  expired_date: Date.parse('2026-10-23T16:00:00Z') / 1000,
};

function Host({ twice = false }: { twice?: boolean }) {
  const prompt = useExpiryPrompt();
  useEffect(() => {
    prompt.show(detail);
    if (twice) prompt.show(detail);
  }, [prompt, twice]);
  return <div>工作台</div>;
}

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  setSession({ token: 'tok', userStatus: 2, top_org_name: '过期示例公司' });
  logoutNow.mockReset();
});
afterEach(() => cleanup());

const dialogs = () => document.querySelectorAll('.fk-expiry-prompt .ant-modal');

describe('the blocking expiry prompt (spec §4.4)', () => {
  it('says the service expired, with 去续费 and 退出登录 and no close button', async () => {
    renderAt(<Host />, '/home/index');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('服务已到期');
    expect(dialog.textContent).toContain('「过期示例公司」的标准版已于2026-10-23到期');
    expect(dialog.textContent).toContain(EXPIRY_ADVICE);
    expect(EXPIRY_ADVICE).toContain('服务已到期，请续费或联系客服');
    expect(screen.getByRole('button', { name: '去续费' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();
    expect(document.querySelector('.fk-expiry-prompt .ant-modal-close')).toBeNull();
  });

  it('is not dismissed by Escape or a click on the mask', async () => {
    renderAt(<Host />, '/home/index');
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    fireEvent.keyDown(document.body, { key: 'Escape', code: 'Escape', keyCode: 27 });
    const wrap = document.querySelector('.fk-expiry-prompt .ant-modal-wrap');
    if (wrap) {
      fireEvent.mouseDown(wrap);
      fireEvent.mouseUp(wrap);
      fireEvent.click(wrap);
    }
    await act(async () => new Promise((r) => setTimeout(r, 400)));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(dialogs()).toHaveLength(1);
    expect(logoutNow).not.toHaveBeenCalled();
  });

  it('opens once however often it is asked', async () => {
    renderAt(<Host twice />, '/home/index');
    await screen.findByRole('dialog');
    expect(dialogs()).toHaveLength(1);
  });

  it('去续费 opens productVersion', async () => {
    const { router } = renderAt(<Host />, '/home/index');
    fireEvent.click(await screen.findByRole('button', { name: '去续费' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/setcenter/rightRecharge/productVersion'),
    );
    expect(router.state.location.search).toBe('?type=productVersion');
    expect(logoutNow).not.toHaveBeenCalled();
  });

  it('退出登录 logs out', async () => {
    renderAt(<Host />, '/home/index');
    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(logoutNow).toHaveBeenCalledTimes(1));
  });

  it('words a missing date or organisation sensibly', () => {
    expect(expirySummary({ product_version_name: '专业版' }, '')).toBe(
      '您的专业版已到期，当前无法继续使用。',
    );
  });
});
