import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BillPrintView, readPrintIds } from '@/features/billPrint';
import { createQueryClient } from '../../platform/queryClient';
import { MissingFormId, SubAppShell } from '../shared/SubAppShell';
import { PRINT_FRAME_MIN, SUB_APPS } from '../shared/registry';

/**
 * The form-print sub-app (route name subFormPrint, spec 2.3): the print of the documents named by
 * `?flowIds=1,2` (or `?id=` / `run/:id`); lays out at least 1200x600 (spec §9).
 */
export function FormPrintApp({
  location = window.location,
  print,
}: {
  location?: { pathname: string; search: string };
  /** Tests replace window.print. */
  print?: () => void;
}) {
  const ids = readPrintIds(location);
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SubAppShell
        app="subFormPrint"
        style={{ minWidth: PRINT_FRAME_MIN.width, minHeight: PRINT_FRAME_MIN.height }}
      >
        {ids.length > 0 ? (
          <BillPrintView ids={ids} print={print} />
        ) : (
          <MissingFormId base={SUB_APPS.subFormPrint.base} />
        )}
      </SubAppShell>
    </QueryClientProvider>
  );
}
