import '../../test/layoutDom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { clampSize, Dialog, type DialogProps } from './Dialog';

afterEach(cleanup);

function show(props: Partial<DialogProps> = {}) {
  const onClose = vi.fn();
  const utils = render(
    <App>
      <div data-testid="here">
        <Dialog open title="标题" onClose={onClose} {...props}>
          <p>内容</p>
        </Dialog>
      </div>
    </App>,
  );
  return { onClose, ...utils };
}
const container = () => document.querySelector('.ant-modal-container') as HTMLElement;
const modal = () => document.querySelector('.ant-modal') as HTMLElement;
const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });

describe('clampSize', () => {
  it('defaults and the 460×320 minimum', () => {
    expect(clampSize(undefined, 600, 460)).toBe(600);
    expect(clampSize(300, 600, 460)).toBe(460);
    expect(clampSize('200px', 520, 320)).toBe(320);
    expect(clampSize('80vh', 520, 320)).toBe('80vh');
  });
});

describe('Dialog (spec §2.5)', () => {
  it('defaults to 600×520 with 取消 and 确定 and a ×', () => {
    show();
    expect(modal().style.width).toBe('600px');
    expect(container().style.height).toBe('520px');
    expect(button('取消')).toBeTruthy();
    expect(button('确定')).toBeTruthy();
    expect(document.querySelector('.ant-modal-close')).not.toBeNull();
    expect(screen.getByText('标题')).toBeTruthy();
  });

  it('never smaller than 460×320', () => {
    show({ width: 200, height: 100 });
    expect(modal().style.width).toBe('460px');
    expect(container().style.height).toBe('320px');
  });

  it('showZoom maximises and restores', () => {
    show({ showZoom: true, width: 700 });
    fireEvent.click(screen.getByRole('button', { name: '最大化' }));
    expect(modal().style.width).toBe('100vw');
    expect(container().style.height).toBe('100vh');
    fireEvent.click(screen.getByRole('button', { name: '还原' }));
    expect(modal().style.width).toBe('700px');
  });

  it('showFooter=false, showCancle=false, showConfirm=false, showclose=false', () => {
    const { unmount } = show({ showFooter: false });
    expect(document.querySelector('.ant-modal-footer')).toBeNull();
    unmount();
    const b = show({ showCancle: false });
    expect(screen.queryByRole('button', { name: /取\s*消/ })).toBeNull();
    expect(button('确定')).toBeTruthy();
    b.unmount();
    const c = show({ showConfirm: false, showclose: false });
    expect(screen.queryByRole('button', { name: /确\s*定/ })).toBeNull();
    expect(document.querySelector('.ant-modal-close')).toBeNull();
    c.unmount();
  });

  it('onlyCloseFooter shows one close button with closeBtnText', () => {
    const { onClose } = show({ onlyCloseFooter: true, closeBtnText: '我知道了' });
    expect(screen.queryByRole('button', { name: /确\s*定/ })).toBeNull();
    fireEvent.click(button('我知道了'));
    expect(onClose).toHaveBeenCalled();
  });

  it('custom texts and disabled confirm', () => {
    show({ cancelBtnText: '返回', confirmBtnText: '提交审批', disabled: true });
    expect(button('返回')).toBeTruthy();
    expect((button('提交审批') as HTMLButtonElement).disabled).toBe(true);
  });

  it('closeMsg asks before closing; closing happens only once accepted', async () => {
    const onCancel = vi.fn();
    const { onClose } = show({ closeMsg: '内容未保存，确定关闭吗？', onCancel });
    fireEvent.click(button('取消'));
    expect(await screen.findByText('内容未保存，确定关闭吗？')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    const buttons = screen.getAllByRole('button', { name: /确\s*定/ });
    fireEvent.click(buttons[buttons.length - 1]);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('confirm shows loading while onConfirm’s promise runs', async () => {
    let finish!: () => void;
    const onConfirm = vi.fn(() => new Promise<void>((r) => (finish = r)));
    show({ onConfirm });
    fireEvent.click(button('确定'));
    await waitFor(() => expect(button('确定').className).toContain('ant-btn-loading'));
    await act(async () => finish());
    await waitFor(() => expect(button('确定').className).not.toContain('ant-btn-loading'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('confirmLoading from outside', () => {
    show({ confirmLoading: true });
    expect(button('确定').className).toContain('ant-btn-loading');
  });

  it('loading with loadingText, className, position', () => {
    show({
      loading: true,
      loadingText: '正在加载数据…',
      className: 'my-dialog',
      position: { top: 40, left: 80 },
    });
    expect(screen.getByText('正在加载数据…')).toBeTruthy();
    expect(modal().className).toContain('my-dialog');
    expect(modal().style.top).toBe('40px');
    expect(modal().style.left).toBe('80px');
  });

  it('transfer=false renders in place; default renders into body', () => {
    const a = show({ transfer: false });
    expect(screen.getByTestId('here').querySelector('.ant-modal')).not.toBeNull();
    a.unmount();
    show();
    expect(screen.getByTestId('here').querySelector('.ant-modal')).toBeNull();
    expect(document.body.querySelector('.ant-modal')).not.toBeNull();
  });

  it('draggable: dragging the header moves the dialog', () => {
    show({ draggable: true });
    const header = screen.getByTestId('dialog-header');
    fireEvent.pointerDown(header, { button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(window, { clientX: 160, clientY: 130 });
    fireEvent.pointerUp(window);
    expect(screen.getByTestId('dialog-frame').style.transform).toBe('translate(60px, 30px)');
  });

  it('resize: dragging the corner resizes, not below 460×320', () => {
    show({ resize: true });
    const frame = screen.getByTestId('dialog-frame');
    frame.getBoundingClientRect = () => ({ width: 600, height: 520, top: 0, left: 0 }) as DOMRect;
    fireEvent.pointerDown(screen.getByTestId('dialog-resize'), { button: 0, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(window, { clientX: 100, clientY: 50 });
    expect(modal().style.width).toBe('700px');
    expect(container().style.height).toBe('570px');
    fireEvent.pointerMove(window, { clientX: -500, clientY: -500 });
    fireEvent.pointerUp(window);
    expect(modal().style.width).toBe('460px');
    expect(container().style.height).toBe('320px');
  });

  it('remember keeps the maximised state between openings; without it, it resets', () => {
    const Harness = ({ open, remember }: { open: boolean; remember: boolean }) => (
      <App>
        <Dialog open={open} title="t" showZoom remember={remember}>
          x
        </Dialog>
      </App>
    );
    for (const remember of [true, false]) {
      const { rerender, unmount } = render(<Harness open remember={remember} />);
      fireEvent.click(screen.getByRole('button', { name: '最大化' }));
      rerender(<Harness open={false} remember={remember} />);
      rerender(<Harness open remember={remember} />);
      expect(screen.getAllByRole('button', { name: remember ? '还原' : '最大化' }).length).toBeGreaterThan(0);
      unmount();
    }
  });
});
