import '@/test/layoutDom';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StandardDimensions, StandardTable } from '@feikong/contracts';
import { configureApi } from '@/api/http/request';
import { AppProviders } from '@/platform/providers';
import { createQueryClient } from '@/platform/queryClient';
import { reloadSession, setSession } from '@/stores/session';
import { jsonReply, ok } from '@/test/fetch';
import TripStandardPage from './TripStandardPage';

const DIMS: StandardDimensions = {
  dimension: 'grade',
  cityMode: 'group',
  grades: [
    { id: 3, name: 'P3' },
    { id: 4, name: 'P4' },
  ],
  jobs: [],
  cityGroups: [
    { id: 7, name: '一线城市', cityNames: ['北京市', '上海市'] },
    { id: 0, name: '其他城市', cityNames: [] },
  ],
  feeTypes: [],
};
const cell = {
  cabins: null,
  discountCap: null,
  seats: null,
  levels: null,
  mealPerDay: null,
  trafficPerDay: null,
  cap: null,
  period: null,
};
const TABLE: StandardTable = {
  kind: 'hotel',
  feeType: '',
  dimension: 'grade',
  updatedAt: null,
  updatedByName: '',
  cells: [
    { ...cell, subjectId: 3, cityGroupId: 7, nightCap: 50000, text: 'P3 在一线城市的住宿标准为 ¥500.00/晚' },
  ],
};

function stub() {
  const saved: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname.replace(
        '/consume-quota-center/api/v1/standards/',
        '',
      );
      if (path === 'dimensions') return ok(DIMS);
      if (path === 'trip') return ok(TABLE);
      if (path === 'trip/save') {
        saved.push(JSON.parse(init.body as string));
        return ok(TABLE);
      }
      return jsonReply({ status: 10000404, msg: 'no stub', data: null }, 404);
    }),
  );
  return saved;
}

function renderPage(perms: string[]) {
  setSession({ token: 't', userStatus: 2, top_org_id: 1, userMenus: { perms } });
  const router = createMemoryRouter([{ path: '*', element: <TripStandardPage /> }]);
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('差旅标准', () => {
  it('shows grades × city groups and saves the whole table in 分', async () => {
    const saved = stub();
    renderPage(['tripStandard:view', 'tripStandard:edit']);
    const p3 = (await screen.findByLabelText('P3·一线城市·住宿标准', undefined, {
      timeout: 15_000,
    })) as HTMLInputElement;
    await waitFor(() => expect(p3.value).toBe('500.00'));
    fireEvent.change(screen.getByLabelText('P4·其他城市·住宿标准'), { target: { value: '450' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      kind: 'hotel',
      dimension: 'grade',
      cells: [
        { subjectId: 3, cityGroupId: 7, nightCap: 50000 },
        { subjectId: 4, cityGroupId: 0, nightCap: 45000 },
      ],
    });
  });

  it('is read-only without the edit permission', async () => {
    stub();
    renderPage(['tripStandard:view']);
    const p3 = (await screen.findByLabelText('P3·一线城市·住宿标准', undefined, {
      timeout: 15_000,
    })) as HTMLInputElement;
    expect(p3.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
  });
});
