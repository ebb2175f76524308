import { useEffect, useState } from 'react';

export type Loaded<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; value: T };

/**
 * Fetches a signed link and turns its bytes into something (parsed, rendered); the work of a link
 * that is no longer shown is dropped. Failures become a Chinese message (the link may have expired).
 */
export function useFileBytes<T>(url: string, use: (bytes: Uint8Array) => Promise<T> | T): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    (async () => {
      const res = await fetch(url);
      if (!res.ok) throw new Error(res.status === 403 ? '文件链接已过期，请关闭后重新打开' : '文件加载失败');
      const value = await use(new Uint8Array(await res.arrayBuffer()));
      if (live) setState({ status: 'done', value });
    })().catch((err: unknown) => {
      if (live)
        setState({
          status: 'error',
          message: err instanceof Error && err.message ? err.message : '文件加载失败',
        });
    });
    return () => {
      live = false;
    };
    // `use` is a fresh closure each render; the link decides what is loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);
  return state;
}
