import { QueryClientProvider } from '@tanstack/react-query';
import { Button, Card, Space, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { BILL_TYPE_LABEL, BILL_TYPES } from '@feikong/contracts';
import { efficiencyPrintScreens, type EfficiencyPrintPage } from '@/features/billReport';
import { BillDocumentView } from '@/features/billPrint';
import { flowPrintScreens, type FlowPrintPage } from '@/features/flow';
import { createQueryClient } from '../../app/queryClient';
import { MissingFormId, SubAppShell } from '../shared/SubAppShell';
import { readFormId } from '../shared/formId';
import { SUB_APPS } from '../shared/registry';

/** Where 填写单据 of a type lives in the main app. */
export const runStartTarget = (type: string) => `/bill/edit?type=${encodeURIComponent(type)}`;

/**
 * subForm/runStart: starts a new document of a type (`?type=expense`) in the main app's 填写单据; without
 * a type, the types to choose from.
 */
function RunStart({ search, go }: { search: string; go: (url: string) => void }) {
  const type = new URLSearchParams(search).get('type');
  const known = (BILL_TYPES as readonly string[]).includes(type ?? '');
  const [went] = useState(() => {
    if (known) go(runStartTarget(type!));
    return known;
  });
  if (went) return null;
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
} satisfies Record<EfficiencyPrintPage | FlowPrintPage, unknown>;

/** The printable page a path names (`/web-form/efficiencyAnalysisBillDetail`), if any. */
export function printPageOf(pathname: string): keyof typeof PRINT_PAGES | null {
  const last = /\/([A-Za-z]+)\/?$/.exec(pathname)?.[1] ?? '';
  return Object.hasOwn(PRINT_PAGES, last) ? (last as keyof typeof PRINT_PAGES) : null;
}

/**
 * The form sub-app (route name subForm, spec 2.3): `subForm/run/:id/0` (also `run/:id`, `?id=`) shows the
 * document on its own; `subForm/runStart` starts a new one; `subForm/efficiencyAnalysisBillDetail` and
 * `subForm/efficiencyDetailsBillDetail` are 单据分析's printable pages for the query in the URL.
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
          <MissingFormId base={SUB_APPS.subForm.base} />
        )}
      </SubAppShell>
    </QueryClientProvider>
  );
}
