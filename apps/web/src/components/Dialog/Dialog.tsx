import { CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import { App, Button, Modal, Spin } from 'antd';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { DIALOG_SIZE, SYSTEM_NOTICE_TITLE } from '@feikong/contracts';

/**
 * The generic dialog of spec §2.5, on antd's Modal. Options keep the spec's names (including
 * `showCancle` and `showclose`). Defaults 600×520, never smaller than 460×320.
 */
export interface DialogProps {
  open: boolean;
  title?: ReactNode;
  /** px or any CSS length; default 600. Numbers below 460 become 460. */
  width?: number | string;
  /** px or any CSS length; default 520. Numbers below 320 become 320. */
  height?: number | string;
  /** Shows the maximise / restore toggle in the header. */
  showZoom?: boolean;
  /** false: no footer at all. Default true. */
  showFooter?: boolean;
  /** false: no cancel button. Default true. */
  showCancle?: boolean;
  /** false: no confirm button. Default true. */
  showConfirm?: boolean;
  /** Disables the confirm button. */
  disabled?: boolean;
  /** The footer holds only a close button (closeBtnText). */
  onlyCloseFooter?: boolean;
  /** Closing (×, cancel, close, Esc) first asks this question; confirm does not. */
  closeMsg?: string;
  className?: string;
  /** Shows a spinner over the content. */
  loading?: boolean;
  /** Text under the content spinner. */
  loadingText?: string;
  cancelBtnText?: string;
  confirmBtnText?: string;
  closeBtnText?: string;
  /** 'center' (default) or an offset from the window's top-left corner. */
  position?: 'center' | { top?: number | string; left?: number | string };
  /** The bottom-right corner can be dragged to resize (not below 460×320). */
  resize?: boolean;
  /** Keeps the content, size, position and maximised state between openings. */
  remember?: boolean;
  /** true (default): rendered into document.body; false: where the component is. */
  transfer?: boolean;
  /** The header can be dragged to move the dialog. Default true. */
  draggable?: boolean;
  /** false: no × in the header. Default true. */
  showclose?: boolean;
  /** Confirm button loading (also automatic while onConfirm's promise runs). */
  confirmLoading?: boolean;
  /** Confirm clicked; a returned promise keeps the button loading until it settles. */
  onConfirm?: () => unknown;
  /** The cancel button was clicked (before onClose). */
  onCancel?: () => void;
  /** The dialog wants to close (×, cancel, close button, Esc — after closeMsg is accepted). */
  onClose?: () => void;
  /** Replaces the whole footer. */
  footer?: ReactNode;
  children?: ReactNode;
}

const MIN = DIALOG_SIZE.min;

/** A size option made valid: numbers are clamped to the minimum; CSS lengths pass through. */
export function clampSize(
  value: number | string | undefined,
  fallback: number,
  min: number,
): number | string {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'number') return Math.max(min, value);
  const px = /^(\d+(?:\.\d+)?)(px)?$/.exec(value.trim());
  return px ? Math.max(min, Number(px[1])) : value;
}

interface Geometry {
  width: number | string;
  height: number | string;
  x: number;
  y: number;
  maximised: boolean;
}

export function Dialog(props: DialogProps) {
  const {
    open,
    title,
    showZoom = false,
    showFooter = true,
    showCancle = true,
    showConfirm = true,
    disabled = false,
    onlyCloseFooter = false,
    closeMsg,
    className,
    loading = false,
    loadingText,
    cancelBtnText = '取消',
    confirmBtnText = '确定',
    closeBtnText = '关闭',
    position = 'center',
    resize = false,
    remember = false,
    transfer = true,
    draggable = true,
    showclose = true,
    confirmLoading,
    onConfirm,
    onCancel,
    onClose,
    footer,
    children,
  } = props;
  const { modal } = App.useApp();
  const initial = useCallback(
    (): Geometry => ({
      width: clampSize(props.width, DIALOG_SIZE.generic.width, MIN.width),
      height: clampSize(props.height, DIALOG_SIZE.generic.height, MIN.height),
      x: 0,
      y: 0,
      maximised: false,
    }),
    [props.width, props.height],
  );
  const [geo, setGeo] = useState<Geometry>(initial);
  const [busy, setBusy] = useState(false);
  const frame = useRef<HTMLDivElement>(null);

  // Without `remember`, every opening starts from the options again.
  useEffect(() => {
    if (open && !remember) setGeo(initial());
  }, [open, remember, initial]);

  const requestClose = (after?: () => void) => {
    const close = () => {
      after?.();
      onClose?.();
    };
    if (!closeMsg) return close();
    modal.confirm({
      title: SYSTEM_NOTICE_TITLE,
      content: closeMsg,
      okText: '确定',
      cancelText: '取消',
      onOk: close,
    });
  };

  const confirm = async () => {
    if (!onConfirm) return;
    const result = onConfirm();
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      setBusy(true);
      try {
        await result;
      } catch {
        // the caller shows its own error; the dialog stays open
      } finally {
        setBusy(false);
      }
    }
  };

  /** Pointer drag helper: calls `move` with the distance from the press point until release. */
  const track = (e: ReactPointerEvent, move: (dx: number, dy: number) => void) => {
    if (e.button !== 0) return;
    e.preventDefault();
    const sx = e.clientX;
    const sy = e.clientY;
    const onMove = (ev: PointerEvent) => move(ev.clientX - sx, ev.clientY - sy);
    const onUp = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
  };

  const startDrag = (e: ReactPointerEvent) => {
    if (!draggable || geo.maximised) return;
    if ((e.target as HTMLElement).closest('button')) return;
    const { x, y } = geo;
    const top = frame.current?.getBoundingClientRect().top ?? 0;
    track(e, (dx, dy) => setGeo((g) => ({ ...g, x: x + dx, y: Math.max(y + dy, y - top) })));
  };

  const startResize = (e: ReactPointerEvent) => {
    const rect = frame.current?.getBoundingClientRect();
    if (!rect) return;
    track(e, (dx, dy) =>
      setGeo((g) => ({
        ...g,
        width: Math.max(MIN.width, Math.round(rect.width + dx)),
        height: Math.max(MIN.height, Math.round(rect.height + dy)),
      })),
    );
  };

  const toggleZoom = () => setGeo((g) => ({ ...g, maximised: !g.maximised }));

  const header = (
    <div
      className="fk-dialog-title"
      onPointerDown={startDrag}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        marginRight: showclose ? 28 : 0,
        cursor: draggable && !geo.maximised ? 'move' : undefined,
        userSelect: 'none',
      }}
      data-testid="dialog-header"
    >
      <div style={{ flex: 1, minWidth: 0 }}>{title}</div>
      {showZoom && (
        <Button
          type="text"
          size="small"
          aria-label={geo.maximised ? '还原' : '最大化'}
          title={geo.maximised ? '还原' : '最大化'}
          icon={geo.maximised ? <CompressOutlined /> : <ExpandOutlined />}
          onClick={toggleZoom}
        />
      )}
    </div>
  );

  const loadingNow = confirmLoading || busy;
  let footerNode: ReactNode = null;
  if (footer !== undefined) footerNode = footer;
  else if (onlyCloseFooter) footerNode = <Button onClick={() => requestClose()}>{closeBtnText}</Button>;
  else if (showFooter)
    footerNode = (
      <>
        {showCancle && <Button onClick={() => requestClose(onCancel)}>{cancelBtnText}</Button>}
        {showConfirm && (
          <Button type="primary" disabled={disabled} loading={loadingNow} onClick={() => void confirm()}>
            {confirmBtnText}
          </Button>
        )}
      </>
    );
  const hasFooter = showFooter && footerNode !== null;

  const width = geo.maximised ? '100vw' : geo.width;
  const height = geo.maximised ? '100vh' : geo.height;
  const placed = typeof position === 'object' && !geo.maximised;
  const rootStyle: CSSProperties = geo.maximised
    ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 }
    : placed
      ? { top: position.top ?? 100, left: position.left, margin: position.left !== undefined ? 0 : undefined }
      : { paddingBottom: 0 };

  return (
    <Modal
      open={open}
      title={header}
      width={width}
      centered={!placed && !geo.maximised}
      style={rootStyle}
      className={['fk-dialog', className, geo.maximised ? 'fk-dialog-max' : ''].filter(Boolean).join(' ')}
      closable={showclose}
      footer={hasFooter ? footerNode : null}
      onCancel={() => requestClose()}
      mask={{ closable: false }}
      keyboard
      getContainer={transfer ? undefined : false}
      destroyOnHidden={!remember}
      forceRender={remember}
      styles={{
        container: {
          height,
          display: 'flex',
          flexDirection: 'column',
          boxSizing: 'border-box',
          borderRadius: geo.maximised ? 0 : undefined,
        },
        body: { flex: '1 1 auto', minHeight: 0, overflow: 'auto', position: 'relative' },
      }}
      modalRender={(node) => (
        <div
          ref={frame}
          className="fk-dialog-frame"
          data-testid="dialog-frame"
          style={{
            transform: geo.maximised ? undefined : `translate(${geo.x}px, ${geo.y}px)`,
            position: 'relative',
            height,
          }}
        >
          {node}
          {resize && !geo.maximised && (
            <div
              className="fk-dialog-resize"
              aria-label="调整大小"
              data-testid="dialog-resize"
              onPointerDown={startResize}
              style={{
                position: 'absolute',
                right: 0,
                bottom: 0,
                width: 14,
                height: 14,
                cursor: 'nwse-resize',
              }}
            />
          )}
        </div>
      )}
    >
      <Spin spinning={loading} description={loadingText}>
        <div style={{ minHeight: loading ? 120 : undefined }}>{children}</div>
      </Spin>
    </Modal>
  );
}
