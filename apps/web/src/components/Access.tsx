import { useCallback, type ReactNode } from 'react';
import { useSession } from '../stores/session';

/**
 * Permission checks (spec §5, §6): `*` grants everything; otherwise any one of the listed permissions
 * (strings `menuName:value`) is enough. The list must be an array — anything else is a programming
 * error and throws, like the original permission directive.
 */
export const ALL_PERMS = '*';

export function assertPermList(perms: unknown): asserts perms is readonly string[] {
  if (!Array.isArray(perms)) {
    throw new TypeError(
      `权限列表必须是数组，例如 ['permissionGroup:edit']，实际收到：${JSON.stringify(perms)}`,
    );
  }
}

export function hasAnyPerm(held: readonly string[] | null | undefined, wanted: readonly string[]): boolean {
  assertPermList(wanted);
  const mine = held ?? [];
  return mine.includes(ALL_PERMS) || wanted.some((p) => mine.includes(p));
}

const EMPTY: readonly string[] = [];

/** The signed-in user's permissions (from the user menus reply) and a checker. */
export function useAccess() {
  const perms = useSession((s) => s.userMenus?.perms) ?? EMPTY;
  const can = useCallback((wanted: readonly string[]) => hasAnyPerm(perms, wanted), [perms]);
  return { perms, can };
}

export interface AccessProps {
  perms: readonly string[];
  children: ReactNode;
  /** Shown instead when the user lacks the permission (default: nothing — the element is removed). */
  fallback?: ReactNode;
}

/** Renders its children only for users who hold `*` or one of `perms`. */
export function Access({ perms, children, fallback = null }: AccessProps) {
  const { can } = useAccess();
  return <>{can(perms) ? children : fallback}</>;
}
