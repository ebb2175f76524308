import '../../test/layoutDom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { FilePreview } from './FilePreview';
import type { PreviewFile } from './rules';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const link = (name: string) =>
  `/pub-svc-center/api/v1/files/download?key=invoice%2Ft1%2F${encodeURIComponent(name)}`;
const FILES: PreviewFile[] = [
  { name: '照片一.png', url: link('a.png') },
  { name: '照片二.jpg', url: link('b.jpg') },
  { name: '旧文档.doc', url: link('c.doc') },
  { name: '备注.txt', url: link('d.txt') },
];

function show(index = 0, zoomStep?: number) {
  const onClose = vi.fn();
  render(
    <App>
      <FilePreview files={FILES} index={index} onClose={onClose} zoomStep={zoomStep} />
    </App>,
  );
  return { onClose };
}
const state = () => screen.getByTestId('image-state');
const press = (label: string) => fireEvent.click(screen.getByLabelText(label)); // aria-label: getByRole is slow here

describe('FilePreview', () => {
  it('opens 890×680 with the image viewer: zoom ×1.2 twice is 1.44, rotate 90°, reset; wheel zooms too', async () => {
    show();
    expect(await screen.findByTestId('image-viewer', undefined, { timeout: 15_000 })).toBeTruthy();
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('890px');
    expect((document.querySelector('.ant-modal-container') as HTMLElement).style.height).toBe('680px');
    expect(screen.getByTestId('file-preview').dataset.viewer).toBe('image');
    press('放大');
    press('放大');
    expect(state().dataset.scale).toBe('1.44');
    press('向右旋转');
    expect(state().dataset.rotate).toBe('90');
    press('水平翻转');
    expect(screen.getByTestId('image-viewer-img').style.transform).toBe(
      'scale(1.44) rotate(90deg) scaleX(-1) scaleY(1)',
    );
    press('还原');
    expect([state().dataset.scale, state().dataset.rotate]).toEqual(['1', '0']);
    fireEvent.wheel(screen.getByTestId('image-viewer-img').parentElement!, { deltaY: -100 });
    expect(state().dataset.scale).toBe('1.2');
    fireEvent.wheel(screen.getByTestId('image-viewer-img').parentElement!, { deltaY: 100 });
    expect(state().dataset.scale).toBe('1');
  });

  it('takes a zoom step option up to 1.5 and never zooms past 3', async () => {
    show(0, 1.5);
    await screen.findByTestId('image-viewer', undefined, { timeout: 15_000 });
    press('放大');
    expect(state().dataset.scale).toBe('1.5');
    for (let i = 0; i < 5; i += 1) press('放大');
    expect(state().dataset.scale).toBe('3');
    for (let i = 0; i < 10; i += 1) press('缩小');
    expect(state().dataset.scale).toBe('0.6');
  });

  it('the gallery holds the set’s images only; 下一个 steps through every file', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) =>
        init?.method === 'HEAD'
          ? new Response(null, { status: 200, headers: { 'content-length': '20480' } })
          : new Response(new TextEncoder().encode(url.includes('d.txt') ? '报销备注' : '')),
      ),
    );
    show();
    await screen.findByTestId('image-viewer', undefined, { timeout: 15_000 });
    expect(screen.getByTestId('image-thumbs').querySelectorAll('button')).toHaveLength(2);
    press('下一张');
    expect(screen.getByTestId('file-preview-title').textContent).toContain('照片二.jpg');
    fireEvent.click(screen.getByRole('button', { name: /下一个/ }));
    // binary .doc: name, size, a download, and why it is not shown
    const unsupported = await screen.findByTestId('office-unsupported', undefined, { timeout: 15_000 });
    expect(unsupported.textContent).toContain('旧文档.doc');
    await waitFor(() => expect(unsupported.textContent).toContain('20.0 KB'));
    expect(unsupported.textContent).toContain('该文件格式（.doc）暂不支持在线预览');
    expect(screen.getByRole('link', { name: /下载文件/ }).getAttribute('href')).toBe(FILES[2]!.url);
    fireEvent.click(screen.getByRole('button', { name: /下一个/ }));
    expect(await screen.findByText('报销备注', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId('text-viewer').dataset.encoding).toBe('utf-8');
  });

  it('says so when the link has expired', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 403 })),
    );
    show(3);
    expect(
      await screen.findByText('文件链接已过期，请关闭后重新打开', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
  });
});
