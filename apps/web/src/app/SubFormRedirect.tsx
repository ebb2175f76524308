import { useEffect } from 'react';
import { SUB_APPS } from '../subapps/shared/registry';
import { PageLoading } from './PageLoading';

/** The /web-form/ address of a main-app /subForm/… path (route name subForm, spec 2.3), query and hash kept. */
export function subFormTarget(location: { pathname: string; search: string; hash: string }): string {
  const rest = location.pathname.replace(/^\/subForm\/?/, '');
  return `${SUB_APPS.subForm.base}${rest}${location.search}${location.hash}`;
}

/**
 * /subForm/* in the main app (the spec's printable pages such as /subForm/efficiencyAnalysisBillDetail and
 * /subForm/run/:id/0): the form sub-app answers them, so the page goes there.
 */
export default function SubFormRedirect() {
  useEffect(() => {
    window.location.replace(subFormTarget(window.location));
  }, []);
  return <PageLoading />;
}
