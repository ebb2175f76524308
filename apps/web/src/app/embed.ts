import { setLogoutChannel } from '../api/http/request';
import type { LogoutEvent } from '@/platform/bus';

declare global {
  interface Window {
    /** Set by a qiankun-style micro-frontend container when it hosts this app. */
    __POWERED_BY_QIANKUN__?: boolean;
  }
}

/** Props a micro-frontend container passes when it mounts us (spec §1, §2.3, §4.1). */
export interface ContainerProps {
  /** The container's own logout: logout events (session expired, 退出登录) go to it, not the local bus. */
  logout?: (event: LogoutEvent) => void;
}

export function isEmbedded(): boolean {
  return typeof window !== 'undefined' && window.__POWERED_BY_QIANKUN__ === true;
}

/** Wires the container's props in (call from the container's mount lifecycle). */
export function connectContainer(props: ContainerProps): void {
  const logout = props.logout;
  setLogoutChannel(logout ? (event) => logout(event) : null);
}

/** Undoes connectContainer (unmount). */
export function disconnectContainer(): void {
  setLogoutChannel(null);
}

/**
 * What an embedded app adds to <head> and <body> while mounted (styles of antd's CSS-in-JS, preload
 * links, popup and toast containers, the progress bar) is removed again on unmount, so the container
 * is left as it was. Nodes that were there before mount are never touched.
 */
export function snapshotDocument(doc: Document = document): () => void {
  const head = new Set(Array.from(doc.head.childNodes));
  const body = new Set(Array.from(doc.body.childNodes));
  return () => {
    for (const n of Array.from(doc.head.childNodes)) if (!head.has(n)) n.parentNode?.removeChild(n);
    for (const n of Array.from(doc.body.childNodes)) if (!body.has(n)) n.parentNode?.removeChild(n);
  };
}
