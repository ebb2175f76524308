import '../test/dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, renderHook, screen } from '@testing-library/react';
import { reloadSession, setSession } from '../stores/session';
import { Access, hasAnyPerm, useAccess } from './Access';

beforeEach(() => {
  localStorage.clear();
  reloadSession();
});
afterEach(cleanup);

describe('hasAnyPerm (spec §5, §6)', () => {
  it('* grants everything', () => {
    expect(hasAnyPerm(['*'], ['permissionGroup:delete'])).toBe(true);
  });
  it('any one listed permission is enough', () => {
    expect(hasAnyPerm(['a:view'], ['a:edit', 'a:view'])).toBe(true);
    expect(hasAnyPerm(['a:view'], ['a:edit'])).toBe(false);
    expect(hasAnyPerm(null, ['a:view'])).toBe(false);
    expect(hasAnyPerm(['a:view'], [])).toBe(false);
  });
  it('a list that is not an array is a programming error and throws', () => {
    expect(() => hasAnyPerm(['*'], 'a:view' as unknown as string[])).toThrow(TypeError);
    expect(() => hasAnyPerm(['*'], undefined as unknown as string[])).toThrow(/必须是数组/);
  });
});

describe('<Access> and useAccess', () => {
  it('removes the element unless the user holds one of the perms', () => {
    setSession({ userMenus: { perms: ['memberManagement:view'] } });
    render(
      <>
        <Access perms={['memberManagement:edit']}>
          <button>添加成员</button>
        </Access>
        <Access perms={['memberManagement:view']}>
          <span>成员列表</span>
        </Access>
        <Access perms={['x:y']} fallback={<i>无权限</i>}>
          <b>隐藏</b>
        </Access>
      </>,
    );
    expect(screen.queryByText('添加成员')).toBeNull();
    expect(screen.getByText('成员列表')).toBeTruthy();
    expect(screen.getByText('无权限')).toBeTruthy();
  });

  it('updates when the perms change (a reload after a permission was removed)', () => {
    setSession({ userMenus: { perms: ['*'] } });
    const { result, rerender } = renderHook(() => useAccess());
    expect(result.current.can(['anything:edit'])).toBe(true);
    setSession({ userMenus: { perms: [] } });
    rerender();
    expect(result.current.can(['anything:edit'])).toBe(false);
  });

  it('throws for a non-array perms prop', () => {
    expect(() => render(<Access perms={'a:b' as unknown as string[]}>x</Access>)).toThrow(TypeError);
  });
});
