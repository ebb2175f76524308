import { QueryClientProvider } from '@tanstack/react-query';
import { Button, Card, Space, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { BILL_TYPE_LABEL, BILL_TYPES, type BillType } from '@feikong/contracts';
import { BillFiller } from '@/features/bill';
import { efficiencyPrintScreens, type EfficiencyPrintPage } from '@/features/billReport';
import { BillDocumentView } from '@/features/billPrint';
import { flowPrintScreens, type FlowPrintPage } from '@/features/flow';
import { purchasingPrintScreens } from '@/features/purchasing';
import { createQueryClient } from '../../platform/queryClient';
import { MissingFormId, SubAppShell } from '../shared/SubAppShell';
import { readFormId } from '../shared/formId';
import { SUB_APPS } from '../shared/registry';

const BASE = SUB_APPS.subForm.base;
/** subForm/runStart of a type, in this sub-app. */
export const runStartTarget = (type: string) => `${BASE}subForm/runStart?type=${encodeURIComponent(type)}`;
/** A document shown on its own: subForm/run/:id/0. */
export const runTarget = (id: number) => `${BASE}subForm/run/${id}/0`;

/**
 * The document form of a type filled in the sub-app itself: the same form as the main app's 填写单据 with
 * the type's custom form (FormRuntime); once submitted, the document opens at subForm/run/:id/0. A memory
 * router gives the form what it needs of one (its unsaved-changes guard) without owning the page's URL.
 */
function Filler({ type, go }: { type: BillType; go: (url: string) => void }) {
  const [router] = useState(() =>
    createMemoryRouter([
      {
        path: '*',
        element: (
          <BillFiller type={type} onCreated={() => undefined} onSubmitted={(id) => go(runTarget(id))} />
        ),
      },
    ]),
  );
  return <RouterProvider router={router} />;
}

/**
 * subForm/runStart: fills and saves or submits a new document of a type (`?type=expense`) in the sub-app;
 * without a type, the types to choose from.
 */
function RunStart({ search, go }: { search: string; go: (url: string) => void }) {
  const type = new URLSearchParams(search).get('type');
  if ((BILL_TYPES as readonly string[]).includes(type ?? ''))
    return <Filler type={type as BillType} go={go} />;
  return (
    <Card title="新建单据">
      <Space wrap>
        {BILL_TYPES.map((t) => (
          <Button key={t} onClick={() => go(runStartTarget(t))}>
            {BILL_TYPE_LABEL[t]}
          </Button>
        ))}
      </Space>
    </Card>
  );
}

const PRINT_PAGES = {
  efficiencyAnalysisBillDetail: lazy(efficiencyPrintScreens.efficiencyAnalysisBillDetail),
  efficiencyDetailsBillDetail: lazy(efficiencyPrintScreens.efficiencyDetailsBillDetail),
  flowInterveneDetail: lazy(flowPrintScreens.flowInterveneDetail),
  // 采购任务 (decision 0058): /subForm/purchaseTaskDetail/0/0?id=…, titled 组织名 + 采购单.
  purchaseTaskDetail: lazy(purchasingPrintScreens.purchaseTaskDetail),
} satisfies Record<EfficiencyPrintPage | FlowPrintPage | 'purchaseTaskDetail', unknown>;

/** The printable page a path names (`/web-form/efficiencyAnalysisBillDetail`), if any. */
export function printPageOf(pathname: string): keyof typeof PRINT_PAGES | null {
  // The spec's purchase task print carries two placeholder segments: /subForm/purchaseTaskDetail/0/0.
  if (/\/purchaseTaskDetail(\/0\/0)?\/?$/.test(pathname)) return 'purchaseTaskDetail';
  const last = /\/([A-Za-z]+)\/?$/.exec(pathname)?.[1] ?? '';
  return Object.hasOwn(PRINT_PAGES, last) ? (last as keyof typeof PRINT_PAGES) : null;
}

/**
 * The form sub-app (route name subForm, spec 2.3): `subForm/run/:id/0` (also `run/:id`, `?id=`) shows the
 * document on its own; `subForm/runStart` fills and submits a new one; `efficiencyAnalysisBillDetail`,
 * `efficiencyDetailsBillDetail` (单据分析, the query in the URL), `flowInterveneDetail` and
 * `purchaseTaskDetail/0/0` (采购任务, `?id=`) are printable pages.
 */
export function FormApp({
  location = window.location,
  go = (url: string) => window.location.assign(url),
}: {
  location?: { pathname: string; search: string };
  go?: (url: string) => void;
}) {
  const id = readFormId(location);
  const [queryClient] = useState(createQueryClient);
  const numeric = id && /^[1-9]\d{0,15}$/.test(id) ? Number(id) : null;
  const printPage = printPageOf(location.pathname);
  const PrintPage = printPage ? PRINT_PAGES[printPage] : null;
  return (
    <QueryClientProvider client={queryClient}>
      <SubAppShell app="subForm">
        {PrintPage ? (
          <Suspense fallback={<Spin style={{ display: 'block', padding: 48 }} />}>
            <PrintPage search={location.search} />
          </Suspense>
        ) : /\/runStart\/?$/.test(location.pathname) ? (
          <RunStart search={location.search} go={go} />
        ) : numeric ? (
          <BillDocumentView id={numeric} />
        ) : (
          <MissingFormId base={BASE} />
        )}
      </SubAppShell>
    </QueryClientProvider>
  );
}
